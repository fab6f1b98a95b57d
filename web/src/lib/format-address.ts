/** "7xKX...sAsU": first 4 and last 4 characters (spec, navigation bar). */
export function shortAddress(address: string): string {
  return address.length <= 8 ? address : `${address.slice(0, 4)}...${address.slice(-4)}`;
}

/** "7xKXtg...": the first 6 characters in compact mode. */
export function compactAddress(address: string): string {
  return address.length <= 6 ? address : `${address.slice(0, 6)}...`;
}
