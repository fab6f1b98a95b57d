import { z } from 'zod';
import { endpoint } from './endpoint';
import { none } from './fields';

export const config = endpoint({
  method: 'GET',
  path: '/api/config',
  params: none,
  query: none,
  body: null,
  answer: z.object({
    cluster: z.string(),
    rpcUrl: z.string(),
    escrowWallet: z.string(),
    /** ESCROW_MODE; absent means wallet. In multisig mode escrowWallet is the arbiter's key. */
    escrowMode: z.enum(['wallet', 'multisig']).optional(),
  }),
  spec: false,
  summary: 'the chain the app talks to, the escrow wallet and the escrow mode',
});

export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  params: none,
  query: none,
  body: null,
  answer: z.object({ ok: z.literal(true) }),
  spec: false,
  summary: 'answers while the database does (503 when it does not)',
});

export const devWallet = z.object({
  label: z.string(),
  role: z.enum(['buyer', 'seller', 'admin']),
  publicKey: z.string(),
  secretKey: z.array(z.number().int()),
});
export type DevWallet = z.output<typeof devWallet>;

export const devWallets = endpoint({
  method: 'GET',
  path: '/api/dev/wallets',
  params: none,
  query: none,
  body: null,
  answer: z.array(devWallet),
  spec: false,
  summary: 'demo wallets, only on the embedded local chain',
});
