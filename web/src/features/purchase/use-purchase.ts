import { useCallback, useEffect, useState } from 'react';
import { useConnection } from '@solana/wallet-adapter-react';
import type { ContactDetails } from '@src/domain/contact';
import type { Product, User } from '@src/domain/entities';
import { getUser } from '@web/api/get-user';
import { useToast } from '@web/components/toast/use-toast';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { refreshOrdersAtom, refreshProductsAtom } from '@web/state/refresh';
import { useUser } from '@web/features/user';
import { chainConfigAtom, useWallet } from '@web/features/wallet';
import type { LandingStep } from '@web/lib/solana/land-transaction';
import { ProductChangedError } from './confirm-on-sale';
import { payIntoEscrow } from './pay-into-escrow';
import type { RecordOrderError } from './record-order';
import { recordOrder } from './record-order';

export type PurchaseState =
  | { phase: 'idle' }
  | { phase: 'paying'; network?: LandingStep }
  | { phase: 'recording'; signature: string; contact: ContactDetails }
  | {
      phase: 'unrecorded';
      signature: string;
      contact: ContactDetails;
      message: string;
      retryable: boolean;
    }
  | { phase: 'done'; signature: string };

export const TRANSACTION_FAILED_FALLBACK = 'Failed to complete transaction. Please try again.';

const asTransactionError = (error: unknown) => {
  const message = error instanceof Error ? error.message : '';
  if (!message) return TRANSACTION_FAILED_FALLBACK;
  return /^(Transaction failed|Failed to create transaction):/.test(message)
    ? message
    : `Transaction failed: ${message}`;
};

/** Spec section 4 purchase flow for one product: seller lookup, escrow payment, order record. */
export function usePurchase(product: Product) {
  const { wallet, walletAddress, connected } = useWallet();
  const { userId } = useUser();
  const { connection } = useConnection();
  const config = useAtomValue(chainConfigAtom);
  const refreshOrders = useSetAtom(refreshOrdersAtom);
  const refreshProducts = useSetAtom(refreshProductsAtom);
  const { toast } = useToast();
  const [seller, setSeller] = useState<User | null>(null);
  const [state, setState] = useState<PurchaseState>({ phase: 'idle' });

  useEffect(() => {
    let live = true;
    getUser(product.sellerId)
      .then((user) => live && setSeller(user))
      .catch(() => live && setSeller(null));
    return () => {
      live = false;
    };
  }, [product.sellerId]);

  const record = useCallback(
    async (signature: string, contact: ContactDetails) => {
      setState({ phase: 'recording', signature, contact });
      try {
        await recordOrder({ product, buyerId: userId!, signature, contact });
      } catch (error) {
        const { message, retryable } = error as RecordOrderError;
        setState({ phase: 'unrecorded', signature, contact, message, retryable });
        toast({
          title: 'Transaction Failed',
          description: asTransactionError(error),
          variant: 'destructive',
        });
        return;
      }
      setState({ phase: 'done', signature });
      refreshOrders();
      refreshProducts();
      toast({
        title: 'Payment Secured!',
        description: `Your payment of ${product.price} SOL is held in escrow. The seller will be notified to ship.`,
      });
    },
    [product, refreshOrders, refreshProducts, toast, userId],
  );

  const buy = useCallback(
    async (contact: ContactDetails) => {
      setState({ phase: 'paying' });
      let signature: string;
      try {
        signature = await payIntoEscrow({
          product,
          buyerId: userId,
          walletAddress,
          adapter: wallet?.adapter ?? null,
          seller,
          connection,
          onStep: (network) => setState({ phase: 'paying', network }),
        });
      } catch (error) {
        setState({ phase: 'idle' });
        // The page shows the product as it is now (Sold Out, a new price) instead of the copy.
        if (error instanceof ProductChangedError) refreshProducts();
        toast({
          title: 'Transaction Failed',
          description: asTransactionError(error),
          variant: 'destructive',
        });
        return;
      }
      await record(signature, contact);
    },
    [connection, product, record, refreshProducts, seller, toast, userId, wallet, walletAddress],
  );

  const retry = useCallback(() => {
    if (state.phase === 'unrecorded') void record(state.signature, state.contact);
  }, [record, state]);

  /** After a recorded order: start over for another unit, on purpose. */
  const reset = useCallback(() => setState({ phase: 'idle' }), []);

  const busy = state.phase === 'paying' || state.phase === 'recording';
  const ready = connected && userId !== null && seller !== null && config !== null;
  return { state, buy, retry, reset, busy, ready, sellerLoaded: seller !== null };
}
