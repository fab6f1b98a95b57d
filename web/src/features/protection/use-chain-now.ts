import { useEffect, useState } from 'react';
import type { Connection } from '@solana/web3.js';
import { useConnection } from '@solana/wallet-adapter-react';
import { useAtomValue } from '@web/state/jotai';
import { ordersVersionAtom } from '@web/state/refresh';

/**
 * The chain's time: the server's deadlines follow it (on the local chain its clock can be moved
 * forward), so whether a ship-by date has passed is asked of the chain, not of this computer.
 * This computer's clock when the chain cannot tell.
 */
export async function chainNow(connection: Connection): Promise<Date> {
  try {
    const slot = await connection.getSlot('confirmed');
    const seconds = await connection.getBlockTime(slot);
    return seconds ? new Date(seconds * 1000) : new Date();
  } catch {
    return new Date();
  }
}

/** The chain's time, read again whenever orders change. */
export function useChainNow(): Date {
  const { connection } = useConnection();
  const version = useAtomValue(ordersVersionAtom);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let live = true;
    void chainNow(connection).then((time) => {
      if (live) setNow(time);
    });
    return () => {
      live = false;
    };
  }, [connection, version]);
  return now;
}
