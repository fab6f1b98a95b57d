import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeypair } from '@src/adapters/solana/keypair-file';
import { ApiClient } from '@cli/lib/api-client';
import { signIn } from '@cli/lib/sign-in';
import { runCli, startMarket, type Market } from './support';

let market: Market;

// One completed sign-in per wallet per window: the admin's own sign-in just before the command
// leaves the command's sign-in over the limit until the window ends.
beforeAll(async () => {
  market = await startMarket({ RATE_LIMIT_SIGN_IN: '100/1', RATE_LIMIT_WINDOW: '10' });
}, 180_000);
afterAll(() => market?.close());

describe('admin commands on the sign-in limit', { timeout: 120_000 }, () => {
  it('wait as long as the server asks, once, and then succeed', async () => {
    const keypair = await loadKeypair(market.escrowKeypairPath);
    await signIn(new ApiClient(market.url), keypair);
    const result = await runCli([
      'admin',
      'orders',
      '--json',
      '--api',
      market.url,
      '--keypair',
      market.escrowKeypairPath,
    ]);
    expect(result.stderr).toMatch(
      /^The server asks to wait \d+ s \(rate limit\); waiting\.\.\.\n$/,
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
  });
});
