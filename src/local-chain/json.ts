/** JSON with bigints written as exact integer literals, as a node writes u64 values. */
export function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `__bigint__${v}` : v)).replace(
    /"__bigint__(-?\d+)"/g,
    '$1',
  );
}
