import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, inMemoryLimiters, uploadBudget } from '@src/adapters/http/rate-limits';

const kB = 1024;

/** The parts of a request the budget reads and writes. */
function request(ip: string) {
  const headers: Record<string, string> = {};
  const ctx = {
    ip,
    status: 404,
    body: undefined as unknown,
    set: (name: string, value: string) => (headers[name] = value),
  };
  return { ctx: ctx as unknown as Context & typeof ctx, headers };
}

describe('the day’s upload budget', () => {
  const budget = () =>
    uploadBudget(
      {
        windowSeconds: 60,
        limits: DEFAULT_LIMITS,
        uploadBytes: { perAddress: 1024 * kB, perWallet: 1024 * kB },
      },
      inMemoryLimiters,
    );

  it('charges a wallet nothing for an upload its address refused', async () => {
    const spend = budget();
    expect(await spend.spend(request('198.51.100.7').ctx, 'wallet-a', 800 * kB)).toBe(true);
    const refused = request('198.51.100.7');
    expect(await spend.spend(refused.ctx, 'wallet-b', 800 * kB)).toBe(false);
    expect(refused.ctx.status).toBe(429);
    expect(refused.ctx.body).toEqual({
      error: 'Uploads from this address are over 1 MB a day; more can be sent in 24 h',
    });
    expect(Number(refused.headers['Retry-After'])).toBeGreaterThan(86_000);
    // From elsewhere the same wallet still has its whole day: nothing was stored.
    expect(await spend.spend(request('203.0.113.9').ctx, 'wallet-b', 800 * kB)).toBe(true);
  });

  it('counts a refused upload nowhere: what still fits goes through after it', async () => {
    const spend = budget();
    const at = request('198.51.100.9');
    expect(await spend.spend(at.ctx, 'wallet-d', 600 * kB)).toBe(true);
    expect(await spend.spend(request('198.51.100.9').ctx, 'wallet-d', 600 * kB)).toBe(false);
    expect(await spend.spend(request('198.51.100.9').ctx, 'wallet-d', 400 * kB)).toBe(true);
    expect(await spend.spend(request('198.51.100.9').ctx, 'wallet-d', 100 * kB)).toBe(false);
  });

  it('lets a request with nothing to store through, over budget or not', async () => {
    const spend = budget();
    expect(await spend.spend(request('198.51.100.8').ctx, 'wallet-c', 1200 * kB)).toBe(false);
    expect(await spend.spend(request('198.51.100.8').ctx, 'wallet-c', 0)).toBe(true);
  });
});
