import { useEffect, useState } from 'react';
import type { Connection } from '@solana/web3.js';
import { useConnection } from '@solana/wallet-adapter-react';
import { useAtomValue } from '@web/state/jotai';
import { ordersVersionAtom } from '@web/state/refresh';
import { chainConfigAtom } from '@web/features/wallet';

/**
 * The local chain's own clock (`localchain_time`): exact right after its clock was moved forward,
 * where the block time of a recent slot is still interpolated. null where the method does not
 * exist (a real cluster answers "Method not found").
 */
async function localChainTime(endpoint: string): Promise<Date | null> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'localchain_time', params: [] }),
    });
    const answer = (await response.json()) as { result?: { unixTimestamp?: unknown } };
    const seconds = answer.result?.unixTimestamp;
    return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
  } catch {
    return null;
  }
}

/**
 * The chain's time: the server's deadlines follow it (on the local chain its clock can be moved
 * forward), so whether a ship-by date has passed is asked of the chain, not of this computer:
 * the local chain's clock, else the block time of the latest confirmed slot, else this
 * computer's clock.
 */
export async function chainNow(connection: Connection): Promise<Date> {
  const local = await localChainTime(connection.rpcEndpoint);
  if (local) return local;
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
  // Until the config names the chain, the connection is a placeholder: ask nothing of it.
  const configured = useAtomValue(chainConfigAtom) !== null;
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!configured) return;
    let live = true;
    void chainNow(connection).then((time) => {
      if (live) setNow(time);
    });
    return () => {
      live = false;
    };
  }, [configured, connection, version]);
  return now;
}
