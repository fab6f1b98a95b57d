import { describe, expect, it } from 'vitest';
import { claimRpc } from '../../cli/lib/claim-close';
import { UsageError } from '../../cli/lib/errors';

const flags = { api: 'https://shop.example', keypair: 'k.json' };
const server = (rpcUrl: string) => ({ cluster: 'mainnet-beta', rpcUrl, escrowWallet: 'E' });

describe('the node a multisig claim checks and sends its close through', () => {
  it('is the party’s own --rpc (or SOLANA_RPC_URL) whatever the server names', () => {
    expect(
      claimRpc({ ...flags, rpc: 'https://my-node.example' }, server('https://x.example')),
    ).toBe('https://my-node.example');
  });

  it('is the server’s only when that is on this machine (the local chain of make start)', () => {
    for (const local of ['http://127.0.0.1:8899', 'http://localhost:8899', 'http://[::1]:8899']) {
      expect(claimRpc(flags, server(local))).toBe(local);
    }
  });

  it('is never a remote node the server names: a lying server could name a lying node', () => {
    expect(() => claimRpc(flags, server('https://rpc.shop.example'))).toThrow(UsageError);
    expect(() => claimRpc(flags, server('https://rpc.shop.example'))).toThrow(
      'A claim reads the chain through a node of your choosing, not the one the server names (https://rpc.shop.example): pass --rpc <url> or set SOLANA_RPC_URL (the same URL, if you trust it)',
    );
  });
});
