import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '@src/adapters/http/rate-limits';
import { loadConfig } from '@src/config';

describe('production settings', () => {
  it('trusts no proxy unless TRUST_PROXY says so, as true or a number of proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      'Invalid configuration: TRUST_PROXY must be false, true, or the number of proxies in front',
    );
  });

  it('takes PUBLIC_URL only as an http(s) URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example' }).publicUrl).toBe(
      'https://shop.example',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://shop.example' })).toThrow(
      /PUBLIC_URL must be an http\(s\) URL/,
    );
  });

  it('takes SOLANA_RPC_URL only as an http(s) URL', () => {
    expect(loadConfig({ SOLANA_RPC_URL: 'https://api.devnet.solana.com' }).rpcUrl).toBe(
      'https://api.devnet.solana.com',
    );
    for (const bad of ['foo:bar', 'ws://127.0.0.1:8900']) {
      expect(() => loadConfig({ SOLANA_RPC_URL: bad })).toThrow(
        `Invalid configuration: SOLANA_RPC_URL must be an http(s) URL such as http://127.0.0.1:8899, not "${bad}"`,
      );
    }
  });

  it("names the choices of a setting and the value given, not zod's text", () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(
      'Invalid configuration: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, not "loud"',
    );
    expect(() => loadConfig({ SEED: 'maybe' })).toThrow('SEED must be 0 or 1, not "maybe"');
    expect(() => loadConfig({ RATE_LIMITS: 'no' })).toThrow(
      'RATE_LIMITS must be on or off, not "no"',
    );
  });

  it('quotes the wallet of ADMIN_WALLETS it cannot read, naming the variable, not its item', () => {
    const admin = '11111111111111111111111111111111';
    expect(loadConfig({ ADMIN_WALLETS: `${admin}, ` }).adminWallets).toEqual([admin]);
    expect(() => loadConfig({ ADMIN_WALLETS: `${admin},notawallet` })).toThrow(
      'Invalid configuration: ADMIN_WALLETS: "notawallet" is not a wallet address (base58, 32 bytes)',
    );
    // Base58, but 33 bytes: no wallet address.
    expect(() => loadConfig({ ADMIN_WALLETS: `${admin}2` })).toThrow(/is not a wallet address/);
  });

  it('names the range of a number it cannot read, instead of "expected number, received NaN"', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      'Invalid configuration: PORT must be a whole number from 0 to 65535',
    );
    expect(() => loadConfig({ INSPECTION_DAYS: '1.5' })).toThrow(
      'INSPECTION_DAYS must be a whole number from 1 to 30',
    );
    expect(loadConfig({ PORT: ' 8080 ', SHIP_GRACE_DAYS: '0' })).toMatchObject({
      port: 8080,
      shipGraceDays: 0,
    });
  });

  it('takes ALLOWED_HOSTS as host names, lower-cased, and refuses a URL or a port', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ ALLOWED_HOSTS: ' Shop.example, www.shop.example ,' }).allowedHosts).toEqual(
      ['shop.example', 'www.shop.example'],
    );
    for (const bad of ['https://shop.example', 'shop.example:443', 'shop example']) {
      expect(() => loadConfig({ ALLOWED_HOSTS: bad })).toThrow(
        /ALLOWED_HOSTS.*must be host names separated by commas/,
      );
    }
  });

  it('reads abuse limits as <per address>/<per wallet> over a window, or turns them off', () => {
    const config = loadConfig({ RATE_LIMIT_ORDER: '10/2', RATE_LIMIT_WINDOW: '30' });
    expect(config.rateLimits).toEqual({
      windowSeconds: 30,
      limits: { ...DEFAULT_LIMITS, order: { perAddress: 10, perWallet: 2 } },
    });
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits).toBeNull();
    expect(loadConfig({}).eventStreamsPerAddress).toBe(20);
    expect(loadConfig({ EVENT_STREAMS_PER_ADDRESS: '5' }).eventStreamsPerAddress).toBe(5);
    expect(loadConfig({ RATE_LIMITS: 'off' }).eventStreamsPerAddress).toBeNull();
    expect(loadConfig({ EVENT_ID_KEY: 'a secret of sixteen+' }).eventIdKey).toBe(
      'a secret of sixteen+',
    );
    expect(() => loadConfig({ EVENT_ID_KEY: 'short' })).toThrow(
      'EVENT_ID_KEY must be at least 16 characters',
    );
    expect(() => loadConfig({ EVENT_STREAMS_PER_ADDRESS: '0' })).toThrow(
      'EVENT_STREAMS_PER_ADDRESS must be a whole number from 1 to 1000000',
    );
    expect(() => loadConfig({ RATE_LIMIT_UPLOAD: '10' })).toThrow(
      'RATE_LIMIT_UPLOAD must be <per address>/<per wallet>, e.g. 60/20',
    );
    expect(loadConfig({ RATE_LIMIT_UPLOAD_MB: '100/20' }).rateLimits?.uploadBytes).toEqual({
      perAddress: 100 * 1024 ** 2,
      perWallet: 20 * 1024 ** 2,
    });
    expect(() => loadConfig({ RATE_LIMIT_UPLOAD_MB: '0/20' })).toThrow(
      'RATE_LIMIT_UPLOAD_MB must be <MB per address>/<MB per wallet>, e.g. 2048/512',
    );
  });

  it('offers the demo wallets unless DEMO_WALLETS=off', () => {
    expect(loadConfig({}).demoWallets).toBe(true);
    expect(loadConfig({ DEMO_WALLETS: 'off' }).demoWallets).toBe(false);
    expect(() => loadConfig({ DEMO_WALLETS: 'no' })).toThrow(/DEMO_WALLETS must be on or off/);
  });

  it('refuses a metrics token too short to be a secret', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 16/,
    );
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-secret' }).metricsToken).toBe(
      'a-long-enough-secret',
    );
  });
});
