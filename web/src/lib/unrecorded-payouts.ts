/**
 * Payouts (and multisig claims) whose transfer went through but whose recording failed, kept in browser storage by
 * job key (e.g. "release:12"), so that even after a reload the admin retries the recording with
 * the same signature instead of paying a second time.
 */
const KEY = 'escrow-unrecorded-payouts';

export function loadUnrecorded(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function save(all: Record<string, string>) {
  try {
    if (Object.keys(all).length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage unavailable: the on-screen state still holds the signature
  }
}

export function rememberUnrecorded(job: string, signature: string) {
  save({ ...loadUnrecorded(), [job]: signature });
}

export function forgetUnrecorded(job: string) {
  const { [job]: _gone, ...rest } = loadUnrecorded();
  save(rest);
}
