import { describe, expect, it } from 'vitest';
import { explorerTxUrl } from '@web/lib/explorer-url';

describe('explorerTxUrl', () => {
  const rpcUrl = 'http://127.0.0.1:8899';
  it('has no cluster parameter on mainnet-beta', () => {
    expect(explorerTxUrl('Sig1', { cluster: 'mainnet-beta', rpcUrl })).toBe(
      'https://explorer.solana.com/tx/Sig1',
    );
  });
  it('names devnet and testnet', () => {
    expect(explorerTxUrl('Sig1', { cluster: 'devnet', rpcUrl })).toBe(
      'https://explorer.solana.com/tx/Sig1?cluster=devnet',
    );
    expect(explorerTxUrl('Sig1', { cluster: 'testnet', rpcUrl })).toBe(
      'https://explorer.solana.com/tx/Sig1?cluster=testnet',
    );
  });
  it('points the local chain and custom nodes at their RPC URL', () => {
    const expected =
      'https://explorer.solana.com/tx/Sig1?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899';
    expect(explorerTxUrl('Sig1', { cluster: 'localnet', rpcUrl })).toBe(expected);
    expect(explorerTxUrl('Sig1', { cluster: 'custom', rpcUrl })).toBe(expected);
  });
});
