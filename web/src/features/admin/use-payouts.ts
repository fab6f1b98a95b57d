import { useCallback, useState } from 'react';
import { useConnection } from '@solana/wallet-adapter-react';
import { useToast } from '@web/components/toast/use-toast';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { refreshOrdersAtom, refreshProductsAtom } from '@web/state/refresh';
import { chainConfigAtom, useWallet } from '@web/features/wallet';
import { sendPayout } from './send-payout';
import { forgetUnrecorded, loadUnrecorded, rememberUnrecorded } from '@web/lib/unrecorded-payouts';

/** One payout out of escrow: who gets it, how much, and how the server records it. */
export interface PayoutJob {
  /** Stable per order or payment and kind, e.g. "release:12". */
  key: string;
  /** Looks the recipient's wallet up (null when it cannot be found). */
  recipient: () => Promise<string | null>;
  lamports: bigint;
  record: (signature: string) => Promise<unknown>;
  /** Reserves it with the server before it is signed; answers the reference it carries. */
  reserve: (lastValidBlockHeight: number, to: string) => Promise<string>;
  success: { title: string; description: string };
  failure: { title: string; fallback: string };
}

export type PayoutState =
  | { phase: 'sending' }
  | { phase: 'recording'; signature: string }
  | { phase: 'unrecorded'; signature: string; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/** Runs payouts; a payout whose recording failed is only ever recorded again, never re-sent. */
export function usePayouts() {
  const { wallet, walletAddress } = useWallet();
  const { connection } = useConnection();
  const config = useAtomValue(chainConfigAtom);
  const refreshOrders = useSetAtom(refreshOrdersAtom);
  const refreshProducts = useSetAtom(refreshProductsAtom);
  const { toast } = useToast();
  const [states, setStates] = useState<Record<string, PayoutState>>(() =>
    Object.fromEntries(
      Object.entries(loadUnrecorded()).map(([key, signature]) => [
        key,
        { phase: 'unrecorded', signature, message: 'The transfer was sent but not recorded.' },
      ]),
    ),
  );
  const put = useCallback((key: string, state: PayoutState | null) => {
    setStates(({ [key]: _old, ...rest }) => (state ? { ...rest, [key]: state } : rest));
  }, []);

  const record = useCallback(
    async (job: PayoutJob, signature: string) => {
      put(job.key, { phase: 'recording', signature });
      try {
        await job.record(signature);
      } catch (error) {
        const message = messageOf(error) || job.failure.fallback;
        put(job.key, { phase: 'unrecorded', signature, message });
        toast({ title: job.failure.title, description: message, variant: 'destructive' });
        return false;
      }
      forgetUnrecorded(job.key);
      put(job.key, null);
      toast(job.success);
      refreshOrders();
      refreshProducts();
      return true;
    },
    [put, refreshOrders, refreshProducts, toast],
  );

  const run = useCallback(
    async (job: PayoutJob) => {
      // Never pay twice: a transfer already sent for this job is only recorded again.
      const current = states[job.key];
      const saved = current?.phase === 'unrecorded' ? current.signature : loadUnrecorded()[job.key];
      if (saved) return record(job, saved);
      if (current) return false;
      put(job.key, { phase: 'sending' });
      let signature: string;
      try {
        const to = await job.recipient().catch(() => null);
        signature = await sendPayout({
          adapter: wallet?.adapter ?? null,
          walletAddress,
          escrowWallet: config?.escrowWallet ?? null,
          escrowMode: config?.escrowMode,
          connection,
          to,
          lamports: job.lamports,
          reserve: job.reserve,
        });
      } catch (error) {
        put(job.key, null);
        const description = messageOf(error) || job.failure.fallback;
        toast({ title: job.failure.title, description, variant: 'destructive' });
        return false;
      }
      rememberUnrecorded(job.key, signature);
      return record(job, signature);
    },
    [config, connection, put, record, states, toast, wallet, walletAddress],
  );

  return { states, run };
}
