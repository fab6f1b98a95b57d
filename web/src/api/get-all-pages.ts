import type { z } from 'zod';
import type { Endpoint } from '@src/contracts/endpoint';
import { exchange } from './client';

/** Enough for any real seller or catalogue; stops a server bug from looping forever. */
const MAX_PAGES = 50;

/** A GET list that pages with X-Next-Cursor. */
type PagedList<T> = Endpoint<z.ZodType, z.ZodType, null, z.ZodType<T[]>>;

/** GETs every page of a list and returns all its items. */
export async function getAllPages<T>(
  e: PagedList<T>,
  query: Record<string, string | number | undefined>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { answer, headers } = await exchange(e, { query: { ...query, cursor } });
    items.push(...answer);
    cursor = headers.get('X-Next-Cursor') || undefined;
    if (!cursor) break;
  }
  return items;
}
