/**
 * The explorer page of a transaction on the configured cluster: no parameter for mainnet-beta,
 * ?cluster=devnet|testnet, and a custom RPC URL for the local chain or any other node.
 */
export function explorerTxUrl(signature: string, config: { cluster: string; rpcUrl: string }) {
  const base = `https://explorer.solana.com/tx/${encodeURIComponent(signature)}`;
  if (config.cluster === 'mainnet-beta') return base;
  if (config.cluster === 'devnet' || config.cluster === 'testnet') {
    return `${base}?cluster=${config.cluster}`;
  }
  return `${base}?cluster=custom&customUrl=${encodeURIComponent(config.rpcUrl)}`;
}
