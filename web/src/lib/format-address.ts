/** "7xKX...sAsU": first 4 and last 4 characters (spec, navigation bar). */
export function shortAddress(address: string): string {
  return address.length <= 8 ? address : `${address.slice(0, 4)}...${address.slice(-4)}`;
}

/**
 * "7xKX…sAsU": first 4 and last 4 around a one-character ellipsis, for a phone's bar. As narrow
 * as the first 6 and "...", and it keeps the tail, the part people compare.
 */
export function tightAddress(address: string): string {
  return address.length <= 8 ? address : `${address.slice(0, 4)}…${address.slice(-4)}`;
}
