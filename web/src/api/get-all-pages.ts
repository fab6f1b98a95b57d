import { send, type RequestOptions } from './client';

/** Enough for any real seller or catalogue; stops a server bug from looping forever. */
const MAX_PAGES = 50;

/** GETs a list that pages with X-Next-Cursor and returns every item. */
export async function getAllPages<T>(path: string, query: RequestOptions['query'] = {}) {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const response = await send(path, { query: { ...query, cursor } });
    items.push(...((await response.json()) as T[]));
    cursor = response.headers.get('X-Next-Cursor') || null;
    if (!cursor) break;
  }
  return items;
}
