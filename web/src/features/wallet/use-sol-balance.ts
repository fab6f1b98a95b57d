import { useEffect, useState } from 'react';
import { PublicKey } from '@solana/web3.js';
import { useConnection } from '@solana/wallet-adapter-react';
import { useAtomValue } from '@web/state/jotai';
import { ordersVersionAtom } from '@web/state/refresh';
import { chainConfigAtom } from './wallet-atoms';

/** How often the balance is read again while the page is open (a wallet can spend elsewhere). */
export const BALANCE_POLL_MS = 20_000;

/**
 * The wallet's balance in lamports, read from the chain on connect, after every order change
 * this page makes (a purchase, a payout) and every BALANCE_POLL_MS; null until known or when
 * the node cannot be reached.
 */
export function useSolBalance(walletAddress: string | null): bigint | null {
  const { connection } = useConnection();
  const ordersVersion = useAtomValue(ordersVersionAtom);
  // Until the server has said which chain, the connection points nowhere: ask nothing.
  const chainKnown = useAtomValue(chainConfigAtom) !== null;
  const [balance, setBalance] = useState<bigint | null>(null);

  useEffect(() => {
    if (!walletAddress || !chainKnown) {
      setBalance(null);
      return;
    }
    let live = true;
    const key = new PublicKey(walletAddress);
    const read = () =>
      connection.getBalance(key, 'confirmed').then(
        (lamports) => live && setBalance(BigInt(lamports)),
        () => live && setBalance(null),
      );
    void read();
    const timer = setInterval(read, BALANCE_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [connection, walletAddress, ordersVersion, chainKnown]);

  return balance;
}
