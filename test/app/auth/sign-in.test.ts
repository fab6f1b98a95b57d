import { ed25519 } from '@noble/curves/ed25519';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { challenge } from '@src/app/auth/challenge';
import { callerOf, signOut } from '@src/app/auth/session';
import { verify } from '@src/app/auth/verify';
import { appWorld } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A wallet of its own: an ed25519 key whose public half, base58, is the address. */
function wallet() {
  const secret = ed25519.utils.randomPrivateKey();
  return {
    address: bs58.encode(ed25519.getPublicKey(secret)),
    sign: (message: string) => bs58.encode(ed25519.sign(new TextEncoder().encode(message), secret)),
  };
}

function setup() {
  const world = appWorld();
  const isAdmin = (w: string) => world.deps.adminWallets.has(w);
  const auth = { ...world.deps, isAdmin };
  const ask = (address: string) =>
    challenge(world.deps)({
      walletAddress: address,
      domain: 'shop.example',
      uri: 'https://shop.example',
    });
  /** The whole sign-in of `w`: ask, sign the message, post it. */
  const signIn = async (w = wallet()) => {
    const { message } = await ask(w.address);
    return verify(auth)({ walletAddress: w.address, message, signature: w.sign(message) });
  };
  return {
    ...world,
    ask,
    signIn,
    verify: verify(auth),
    caller: callerOf(auth),
    signOut: signOut(world.deps),
  };
}

describe('sign-in', () => {
  it('issues a message to sign with a single-use nonce that expires in five minutes', async () => {
    const w = setup();
    const me = wallet();
    const issued = await w.ask(me.address);
    expect(issued.expiresAt).toBe('2030-01-01T12:05:00.000Z');
    expect(issued.message).toContain(
      `shop.example wants you to sign in with your Solana account:\n${me.address}`,
    );
    expect(issued.message).toContain(`Nonce: ${issued.nonce}`);
    expect(issued.message).toContain('Chain ID: solana:localnet');
  });

  it('refuses to issue a challenge for something that is not a wallet address', async () => {
    const w = setup();
    await domainError(w.ask('not-a-wallet'), 'validation');
  });

  it('opens a session for a signed challenge, creating the user the first time only', async () => {
    const w = setup();
    const me = wallet();
    const first = await w.signIn(me);
    expect(first).toMatchObject({
      user: { walletAddress: me.address, username: '' },
      isAdmin: false,
    });
    expect(first.expiresAt).toEqual(new Date('2030-01-08T12:00:00.000Z'));
    expect(await w.caller(first.token)).toEqual({
      userId: first.user.id,
      walletAddress: me.address,
      isAdmin: false,
    });
    const second = await w.signIn(me);
    expect(second.user).toEqual(first.user);
    expect(second.token).not.toBe(first.token);
  });

  it('refuses a signed challenge posted a second time', async () => {
    const w = setup();
    const me = wallet();
    const { message } = await w.ask(me.address);
    const cmd = { walletAddress: me.address, message, signature: me.sign(message) };
    await w.verify(cmd);
    const error = await domainError(w.verify(cmd), 'unauthenticated');
    expect(error.message).toBe('This sign-in request is unknown or was already used; try again');
  });

  it('refuses a message the server did not issue', async () => {
    const w = setup();
    const me = wallet();
    const made = 'shop.example wants you to sign in\nNonce: made-up';
    await domainError(
      w.verify({ walletAddress: me.address, message: made, signature: me.sign(made) }),
      'unauthenticated',
    );
    const { message } = await w.ask(me.address);
    const changed = message.replace('shop.example', 'evil.example');
    const error = await domainError(
      w.verify({ walletAddress: me.address, message: changed, signature: me.sign(changed) }),
      'unauthenticated',
    );
    expect(error.message).toBe(
      'The signed message is not the one this server issued for this wallet',
    );
  });

  it('refuses a challenge issued to another wallet', async () => {
    const w = setup();
    const [victim, thief] = [wallet(), wallet()];
    const { message } = await w.ask(victim.address);
    const error = await domainError(
      w.verify({ walletAddress: thief.address, message, signature: thief.sign(message) }),
      'unauthenticated',
    );
    expect(error.message).toBe(
      'The signed message is not the one this server issued for this wallet',
    );
  });

  it('refuses a challenge signed after it expired', async () => {
    const w = setup();
    const me = wallet();
    const { message } = await w.ask(me.address);
    w.clock.advance(5 * MINUTE);
    const error = await domainError(
      w.verify({ walletAddress: me.address, message, signature: me.sign(message) }),
      'unauthenticated',
    );
    expect(error.message).toBe('This sign-in request has expired; try again');
  });

  it('refuses a signature made with another key, opening no session and creating no user', async () => {
    const w = setup();
    const [me, other] = [wallet(), wallet()];
    const { message } = await w.ask(me.address);
    const error = await domainError(
      w.verify({ walletAddress: me.address, message, signature: other.sign(message) }),
      'unauthenticated',
    );
    expect(error.message).toBe('The signature does not match this wallet');
    expect(w.contents()).toMatchObject({ users: [], sessions: [] });
  });

  it('ends a session after seven days, or when signed out', async () => {
    const w = setup();
    const week = await w.signIn();
    const out = await w.signIn();
    await w.signOut(out.token);
    expect(await w.caller(out.token)).toBeNull();
    w.clock.advance(7 * DAY - 1);
    expect(await w.caller(week.token)).not.toBeNull();
    w.clock.advance(1);
    expect(await w.caller(week.token)).toBeNull();
  });

  it('knows no caller without a token or with one it never issued', async () => {
    const w = setup();
    expect(await w.caller(undefined)).toBeNull();
    expect(await w.caller('made-up-token')).toBeNull();
    await w.signOut('made-up-token');
  });
});
