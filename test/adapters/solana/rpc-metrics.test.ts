import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { createObservability } from '@src/observability';
import { startTestChain, type TestChain } from '@test/support/chain';

let tc: TestChain;
beforeAll(async () => {
  tc = await startTestChain();
});
afterAll(() => tc.stop());

describe('chain RPC metrics', () => {
  it('counts calls by method and outcome, and the 429s that were retried', async () => {
    const observe = createObservability({
      ordersByStatus: async () => ({}),
      escrowBalance: async () => 0n,
    });
    const rpc = createRpcClient({
      url: tc.chain.rpcUrl,
      sleep: async () => undefined,
      ...observe.chain,
    });
    tc.chain.failNext(2, 429);
    await rpc.call('getSlot');
    tc.chain.failNext(5, 429);
    await expect(rpc.call('getHealth')).rejects.toMatchObject({ code: 'rate_limited' });
    const text = await observe.registry.metrics();
    expect(text).toContain('solana_rpc_calls_total{method="getSlot",outcome="ok"} 1');
    expect(text).toContain('solana_rpc_calls_total{method="getHealth",outcome="rate_limited"} 1');
    expect(text).toContain('solana_rpc_retries_total 6');
    expect(text).toMatch(/solana_rpc_call_duration_seconds_count\{method="getSlot"\} 1/);
  });
});
