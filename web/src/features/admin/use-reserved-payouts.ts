import { useCallback, useState } from 'react';
import { useConnection } from '@solana/wallet-adapter-react';
import { DECISION_BLOCKS } from '@src/domain/block-window';
import type { Resolution } from '@src/domain/dispute';
import { recordPayout } from '@web/api/record-payout';
import { recoverPayout } from '@web/api/recover-payout';
import { reservePayout } from '@web/api/reserve-payout';
import { useToast } from '@web/components/toast/use-toast';
import { sendPayoutTransaction } from '@web/lib/solana/send-payout-transaction';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { refreshOrdersAtom, refreshProductsAtom } from '@web/state/refresh';
import { chainConfigAtom, useWallet } from '@web/features/wallet';
import { escrowSigner } from './send-payout';

/** A payout of an order under way here, or one reserved whose fate is not known. */
export type ReservedState = { phase: 'paying' } | { phase: 'stuck'; message: string };

export interface ReservedPayout {
  orderId: number;
  action: Resolution;
  /** A split's part for the seller, in SOL (2 decimals). */
  sellerPart?: string;
  success: { title: string; description: string };
  failureTitle: string;
}

const messageOf = (error: unknown) =>
  (error instanceof Error && error.message) || 'The payout could not be made';

/**
 * Payouts made from the escrow wallet connected here, as the server's settlement makes them:
 * reserve (one payout of an order at a time, with its reference and exact parts), sign and send
 * one transaction paying every part, then record it (checked on chain part by part). A payout
 * that was reserved but not recorded is never sent again from here: Check Payout asks the server
 * what became of it (recorded; abandoned once its blockhash has been dead 150 blocks, about a
 * minute; or still in flight).
 */
export function useReservedPayouts(admin: string) {
  const { wallet, walletAddress } = useWallet();
  const { connection } = useConnection();
  const config = useAtomValue(chainConfigAtom);
  const refreshOrders = useSetAtom(refreshOrdersAtom);
  const refreshProducts = useSetAtom(refreshProductsAtom);
  const { toast } = useToast();
  const [states, setStates] = useState<Record<number, ReservedState>>({});
  const put = useCallback((orderId: number, state: ReservedState | null) => {
    setStates(({ [orderId]: _old, ...rest }) => (state ? { ...rest, [orderId]: state } : rest));
  }, []);
  const done = useCallback(() => {
    refreshOrders();
    refreshProducts();
  }, [refreshOrders, refreshProducts]);

  /**
   * Multisig mode: the admin's decision is the reservation itself; the server's arbiter key
   * co-signs it for the party the escrow closes to, who claims it (nothing is sent from here).
   * It stands for about a day of blocks; Check Payout after that lets the admin decide again.
   */
  const decide = useCallback(
    async (payout: ReservedPayout) => {
      const height = await connection.getBlockHeight('confirmed');
      await reservePayout(
        payout.orderId,
        {
          action: payout.action,
          sellerPart: payout.sellerPart,
          lastValidBlockHeight: height + DECISION_BLOCKS,
        },
        admin,
      );
    },
    [admin, connection],
  );

  const pay = useCallback(
    async (payout: ReservedPayout): Promise<boolean> => {
      const { orderId } = payout;
      put(orderId, { phase: 'paying' });
      let reserved = false;
      try {
        if (config?.escrowMode === 'multisig') {
          await decide(payout);
          put(orderId, null);
          toast({
            title: 'Decision Recorded',
            description:
              'The arbiter’s signature is ready: the party paid claims it from their dashboard.',
          });
          done();
          return true;
        }
        const adapter = wallet?.adapter ?? null;
        const from = escrowSigner({
          adapter,
          walletAddress,
          escrowWallet: config?.escrowWallet ?? null,
        });
        const blockhash = await connection.getLatestBlockhash('confirmed');
        const { attempt, parts } = await reservePayout(
          orderId,
          {
            action: payout.action,
            sellerPart: payout.sellerPart,
            lastValidBlockHeight: blockhash.lastValidBlockHeight,
          },
          admin,
        );
        reserved = true;
        const signature = await sendPayoutTransaction({
          adapter: adapter!,
          connection,
          from,
          reference: attempt.reference,
          parts,
          blockhash,
        });
        await recordPayout(orderId, signature, admin);
      } catch (error) {
        const message = messageOf(error);
        put(orderId, reserved ? { phase: 'stuck', message } : null);
        toast({ title: payout.failureTitle, description: message, variant: 'destructive' });
        return false;
      }
      put(orderId, null);
      toast(payout.success);
      done();
      return true;
    },
    [admin, config, connection, decide, done, put, toast, wallet, walletAddress],
  );

  const check = useCallback(
    async (orderId: number) => {
      let outcome;
      try {
        ({ outcome } = await recoverPayout(orderId, admin));
      } catch (error) {
        put(orderId, { phase: 'stuck', message: messageOf(error) });
        return;
      }
      if (outcome === 'in_flight') {
        put(orderId, {
          phase: 'stuck',
          message: 'The payout may still land: check again in a minute. Do not pay again.',
        });
        return;
      }
      put(orderId, null);
      if (outcome === 'recorded') toast({ title: 'Payout Recorded', description: 'It landed.' });
      if (outcome === 'abandoned') {
        toast({ title: 'Payout Not Made', description: 'Nothing was paid; you can pay again.' });
      }
      done();
    },
    [admin, done, put, toast],
  );

  return { states, pay, check };
}
