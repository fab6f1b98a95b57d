import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { envPortProblem, parseSignature } from '@cli/lib/options';
import { runCli } from './support';

const SIGNATURE_ERROR = 'Error: --signature must be a base58 transaction signature (64 bytes)\n';
/** Nothing listens there: a command that got as far as the network would say so instead. */
const NOWHERE = 'http://127.0.0.1:1';
const address = Keypair.generate().publicKey.toBase58();

describe('CLI options', { timeout: 120_000 }, () => {
  it('takes a --signature only as 64 base58 bytes', () => {
    const signature = bs58.encode(Keypair.generate().secretKey);
    expect(parseSignature(signature)).toBe(signature);
    for (const bad of ['abc', '', address, `${signature.slice(0, -1)}0`]) {
      expect(() => parseSignature(bad)).toThrow(
        '--signature must be a base58 transaction signature (64 bytes)',
      );
    }
  });

  it('refuses a --signature that is none as a usage error, before anything is done', async () => {
    for (const args of [
      ['admin', 'release', '2', '--yes'],
      ['admin', 'refund', '2', '--yes'],
      ['admin', 'refund-payment', 'abc', '--yes'],
      ['buy', '6'],
      ['orders', 'claim', '1', '--keypair', 'missing.json'],
      ['payments', 'claim', 'abc', '--keypair', 'missing.json'],
    ]) {
      const result = await runCli([...args, '--signature', 'abc', '--api', NOWHERE]);
      expect({ args, code: result.code, stderr: result.stderr }).toEqual({
        args,
        code: 2,
        stderr: SIGNATURE_ERROR,
      });
      expect(result.stdout).toBe('');
    }
  });

  it('names PORT or LOCAL_CHAIN_PORT when it is no port, not the URL made of it', () => {
    expect(envPortProblem('PORT', { PORT: '3000' })).toBeUndefined();
    expect(envPortProblem('PORT', {})).toBeUndefined();
    for (const bad of ['abc', '0', '65536', ' 80', '1.5']) {
      expect(envPortProblem('PORT', { PORT: bad })).toBe(
        `PORT must be a port number (1-65535), not "${bad}"`,
      );
    }
  });

  it('refuses a wrong PORT or LOCAL_CHAIN_PORT a command would use, as a usage error', async () => {
    for (const [env, args, message] of [
      [{ PORT: 'abc' }, ['admin', 'orders'], 'PORT must be a port number (1-65535), not "abc"'],
      [{ PORT: 'abc' }, ['buy', '6'], 'PORT must be a port number (1-65535), not "abc"'],
      [
        { LOCAL_CHAIN_PORT: 'abc' },
        ['chain', 'airdrop', address, '1'],
        'LOCAL_CHAIN_PORT must be a port number (1-65535), not "abc"',
      ],
      // Checked for every command by the program itself.
      [
        { LOCAL_CHAIN_PORT: 'abc' },
        ['chain', 'warp', '1s'],
        'LOCAL_CHAIN_PORT must be a port number (1-65535), not "abc"',
      ],
      [
        { PORT: 'abc' },
        ['orders', 'claim', '1', '--keypair', 'missing.json'],
        'PORT must be a port number (1-65535), not "abc"',
      ],
    ] as const) {
      const result = await runCli([...args], { env: { ...env } });
      expect({ args, code: result.code, stderr: result.stderr }).toEqual({
        args,
        code: 2,
        stderr: `Error: ${message}\n`,
      });
    }
    // With --api given, PORT is not used: no word about it.
    const given = await runCli(['admin', 'orders', '--api', NOWHERE, '--keypair', 'missing.json'], {
      env: { PORT: 'abc' },
    });
    expect(given.stderr).toBe('Error: Keypair file missing.json does not exist\n');
  });
});
