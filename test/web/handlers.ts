import { http, HttpResponse } from 'msw';
import { ed25519 } from '@noble/curves/ed25519';
import bs58 from 'bs58';
import { challenge, session, verify } from '@src/contracts/auth';
import { config, devWallets } from '@src/contracts/meta';
import {
  createUser,
  getAdminCheck,
  getEscrowWallet,
  getUser,
  getUserByWallet,
} from '@src/contracts/users';
import { api } from './api-state';
import { chainHandlers } from './chain-handlers';
import { escrowKeys, RPC_URL } from './fixtures';
import { liveHandlers } from './live-handlers';
import { orderHandlers } from './order-handlers';
import { productHandlers } from './product-handlers';
import { reply } from './wire';

export { api, newApiState, type ApiState } from './api-state';
export * from './fixtures';

const error = (status: number, message: string) =>
  HttpResponse.json({ error: message }, { status });
const userOf = (wallet: string) => api.state.users.find((u) => u.walletAddress === wallet);
const challenges = new Map<string, string>();
let nonces = 0;

const authHandlers = [
  http.post('/api/auth/challenge', async ({ request }) => {
    const { walletAddress } = (await request.json()) as { walletAddress: string };
    nonces += 1;
    const nonce = `n${nonces}`;
    const message = `localhost wants you to sign in with your Solana account:\n${walletAddress}\n\nNonce: ${nonce}`;
    challenges.set(nonce, walletAddress);
    return reply(challenge, { message, nonce, expiresAt: '2099-01-01T00:00:00.000Z' });
  }),
  http.post('/api/auth/verify', async ({ request }) => {
    const body = (await request.json()) as {
      walletAddress: string;
      message: string;
      signature: string;
    };
    const nonce = /Nonce: (\S+)/.exec(body.message)?.[1] ?? '';
    const valid =
      challenges.get(nonce) === body.walletAddress &&
      ed25519.verify(
        bs58.decode(body.signature),
        new TextEncoder().encode(body.message),
        bs58.decode(body.walletAddress),
      );
    if (!valid) return error(401, 'The signature does not match the wallet');
    challenges.delete(nonce);
    let user = userOf(body.walletAddress);
    if (!user) {
      user = {
        id: 500 + api.state.users.length,
        walletAddress: body.walletAddress,
        username: '',
        createdAt: new Date().toISOString(),
      };
      api.state.users.push(user);
    }
    api.state.sessionWallet = body.walletAddress;
    return reply(verify, { user, isAdmin: api.state.admins.has(body.walletAddress) });
  }),
  http.get('/api/auth/session', () => {
    const wallet = api.state.sessionWallet;
    if (!wallet) return error(401, 'Not signed in');
    const userId = userOf(wallet)?.id ?? 0;
    return reply(session, { walletAddress: wallet, userId, isAdmin: api.state.admins.has(wallet) });
  }),
  http.post('/api/auth/logout', () => {
    api.state.sessionWallet = null;
    return new HttpResponse(null, { status: 204 });
  }),
];

const metaHandlers = [
  http.get('/api/config', () =>
    reply(config, {
      cluster: 'localnet',
      rpcUrl: RPC_URL,
      escrowWallet: escrowKeys.publicKey.toBase58(),
      ...(api.state.escrowMode ? { escrowMode: api.state.escrowMode } : {}),
    }),
  ),
  http.get('/api/dev/wallets', () =>
    api.state.devWallets
      ? reply(devWallets, api.state.devWallets)
      : error(404, 'Dev wallets exist only on the local chain'),
  ),
  http.get('/api/escrow/wallet', () =>
    reply(getEscrowWallet, { walletAddress: escrowKeys.publicKey.toBase58() }),
  ),
  http.get('/api/admin/check/:wallet', ({ params }) =>
    reply(getAdminCheck, { isAdmin: api.state.admins.has(params.wallet as string) }),
  ),
  http.get('/api/users/wallet/:wallet', ({ params }) => {
    const user = userOf(params.wallet as string);
    return user ? reply(getUserByWallet, user) : error(404, 'User not found');
  }),
  http.post('/api/users', async ({ request }) => {
    const body = (await request.json()) as { walletAddress: string; username: string };
    if (api.state.sessionWallet !== body.walletAddress) return error(401, 'Sign in first');
    const user = { id: 900 + api.state.users.length, ...body, createdAt: new Date().toISOString() };
    api.state.users.push(user);
    return reply(createUser, user, { status: 201 });
  }),
  http.get('/api/users/:id', ({ params }) => {
    const user = api.state.users.find((u) => u.id === Number(params.id));
    return user ? reply(getUser, user) : error(404, 'User not found');
  }),
];

/** Every handler the web tests share; a test adds or overrides with server.use(...). */
export const handlers = [
  ...authHandlers,
  ...metaHandlers,
  ...productHandlers,
  ...orderHandlers,
  ...liveHandlers,
  ...chainHandlers(() => api.state.chain),
];
