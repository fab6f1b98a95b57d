import { useEffect, useMemo, useState } from 'react';
import type { Reputation } from '@src/domain/entities';
import { getReputations } from '@web/api/get-reputations';
import { useAtomValue } from '@web/state/jotai';
import { reviewsVersionAtom } from '@web/state/live-refresh';

/** The server's cap on one batch. */
const BATCH = 100;

/**
 * The records of the sellers of a page of cards, in batches of one call per 100 sellers; loads
 * again when reviews change. Records already shown stay while more load.
 */
export function useReputations(sellerIds: readonly number[]): ReadonlyMap<number, Reputation> {
  const version = useAtomValue(reviewsVersionAtom);
  const key = useMemo(() => [...new Set(sellerIds)].sort((a, b) => a - b).join(','), [sellerIds]);
  const [known, setKnown] = useState<ReadonlyMap<number, Reputation>>(new Map());
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',').map(Number);
    let live = true;
    const batches: number[][] = [];
    for (let i = 0; i < ids.length; i += BATCH) batches.push(ids.slice(i, i + BATCH));
    void Promise.all(batches.map((batch) => getReputations(batch)))
      .then((answers) => {
        if (!live) return;
        setKnown((previous) => {
          const next = new Map(previous);
          for (const rep of answers.flat()) next.set(rep.sellerId, rep);
          return next;
        });
      })
      // A card without its rating is still a card: the grid does not fail for a missing record.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key, version]);
  return known;
}
