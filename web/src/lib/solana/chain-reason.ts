/**
 * What a person reads when the wallet or the network refuses a transfer: one of a few plain
 * reasons. The raw text (a node's simulation logs, a wallet's error class) goes to the console
 * only, for whoever debugs it.
 */
export const REASONS = {
  declined: 'You declined it in your wallet.',
  funds: 'Your wallet does not hold enough SOL for this and the network fee.',
  expired: 'It expired before the network confirmed it. Please sign again.',
  busy: 'The network is busy or cannot be reached. Please try again in a moment.',
  refused: 'The network refused it.',
  unconfirmed: 'The network has not confirmed it yet. Check your wallet before trying again.',
} as const;

const RULES: [RegExp, string][] = [
  [/reject|declin|denied|cancell?ed|user abort/i, REASONS.declined],
  [/insufficient (lamports|funds)|no record of a prior credit|account ?not ?found/i, REASONS.funds],
  [/block ?height exceeded|blockhash (not found|expired)|expired/i, REASONS.expired],
  [/not confirmed within/i, REASONS.unconfirmed],
  [
    /\b429\b|too many requests|rate.?limit|\b50[23]\b|fetch failed|failed to fetch|network ?error|timed? ?out|econn/i,
    REASONS.busy,
  ],
];

/** Our own short sentences (a pre-check) pass through; library and node text does not. */
const ownSentence = (error: unknown) =>
  error instanceof Error &&
  error.name === 'Error' &&
  error.message.length <= 120 &&
  !/[\n[{]|simulation|instruction|program|0x[0-9a-f]/i.test(error.message);

export function chainReason(error: unknown): string {
  const raw =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : JSON.stringify(error);
  for (const [pattern, reason] of RULES) {
    if (pattern.test(raw)) {
      console.error('transfer failed:', error);
      return reason;
    }
  }
  if (ownSentence(error)) return (error as Error).message;
  console.error('transfer failed:', error);
  return REASONS.refused;
}
