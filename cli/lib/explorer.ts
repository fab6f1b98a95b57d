/**
 * The Solana Explorer page of a transaction. Mainnet needs no cluster; devnet and testnet are
 * named; anything else (the local chain) is a custom cluster at the RPC URL.
 */
export function explorerTxUrl(signature: string, cluster: string, rpcUrl: string): string {
  const base = `https://explorer.solana.com/tx/${signature}`;
  if (cluster === 'mainnet-beta' || cluster === 'mainnet') return base;
  if (cluster === 'devnet' || cluster === 'testnet') return `${base}?cluster=${cluster}`;
  return `${base}?cluster=custom&customUrl=${encodeURIComponent(rpcUrl)}`;
}
