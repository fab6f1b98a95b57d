import { DEFAULT_POLICY } from '@src/domain/deadlines';
import { ed25519 } from '@noble/curves/ed25519';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Chain, EscrowCosigner, EscrowVerifier, Store } from '@src/app/ports';
import { makeUseCases } from '@src/app/use-cases';
import { knexRateLimiters } from '@src/adapters/db/knex-rate-limiter';
import {
  DEFAULT_LIMITS,
  inMemoryLimiters,
  type Limit,
  type LimitClass,
} from '@src/adapters/http/rate-limits';
import { createServer, type ServerOptions } from '@src/adapters/http/server';
import { listen } from '@src/adapters/http/connections';
import { walletSignatures } from '@src/adapters/solana/wallet-signatures';
import { FsUploadStore } from '@src/adapters/uploads/fs-upload-store';
import { PgUploadStore } from '@src/adapters/uploads/pg-upload-store';
import { backend, freshStore } from './db';
import { MemoryChain, MemoryEscrowPayer } from './memory-chain';
import { createEventFeed } from '@src/adapters/db/event-feed';

/** A clock tests can move forward. */
export class TestClock {
  offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A fetch client with its own cookie, like one browser or one CLI. */
export class Client {
  cookie: string | null = null;
  user: { id: number; walletAddress: string } | null = null;

  constructor(
    readonly baseUrl: string,
    readonly keypair: Keypair = Keypair.generate(),
    /** Sent with every request (e.g. the Origin a browser adds). */
    readonly headers: Record<string, string> = {},
  ) {}

  get wallet() {
    return this.keypair.publicKey.toBase58();
  }

  async call<T = any>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const init: RequestInit = { method, headers: { ...this.headers, ...headers } };
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    if (body instanceof FormData) init.body = body;
    else if (typeof body === 'string') {
      init.body = body;
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const res = await fetch(this.baseUrl + url, init);
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(url: string) => this.call<T>('GET', url);
  post = <T = any>(url: string, body?: unknown) => this.call<T>('POST', url, body ?? {});
  put = <T = any>(url: string, body?: unknown) => this.call<T>('PUT', url, body);
  del = <T = any>(url: string) => this.call<T>('DELETE', url);

  sign(message: string): string {
    const signature = ed25519.sign(
      new TextEncoder().encode(message),
      this.keypair.secretKey.slice(0, 32),
    );
    return bs58.encode(signature);
  }

  /** The sign-in's two answers as they came (challenge, then verify of the signed message). */
  async signInReplies() {
    const challenge = await this.post('/api/auth/challenge', { walletAddress: this.wallet });
    if (challenge.status !== 200)
      throw new Error(`challenge failed: ${JSON.stringify(challenge.body)}`);
    const verified = await this.post('/api/auth/verify', {
      walletAddress: this.wallet,
      message: challenge.body.message,
      signature: this.sign(challenge.body.message),
    });
    if (verified.status === 200) this.user = verified.body.user;
    return { challenge, verified };
  }

  /** The whole wallet sign-in: challenge, sign, verify. */
  async signIn() {
    const { verified } = await this.signInReplies();
    if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
    return verified.body as { user: { id: number; walletAddress: string }; isAdmin: boolean };
  }
}

export interface ApiOptions {
  chain?: Chain;
  /** Abuse limits over the test database's `rate_limits` table: the defaults, with these. */
  limits?: Partial<Record<LimitClass, Limit>>;
  /** With `limits`: the day's upload bytes, if not the defaults. */
  uploadBytes?: Limit;
  /** Server options beyond the defaults (publicUrl, trustProxy, metrics, readiness...). */
  server?: Partial<ServerOptions>;
  /** A store of the test's own instead of the fresh database's (e.g. one that is down). */
  store?: Store;
  /** The server holds the escrow key (a MemoryEscrowPayer on the MemoryChain): it settles. */
  payer?: boolean;
  /** Live updates (GET /api/events) from the test database's LISTEN/NOTIFY. */
  events?: boolean;
  /** ESCROW_MODE=multisig: payments verified as per-order escrow accounts by this. */
  escrowVerifier?: EscrowVerifier;
  /** Multisig mode with the arbiter's key on the server (the test's escrow keypair). */
  cosigner?: (arbiter: Keypair) => EscrowCosigner;
  /** The address it listens on (default 127.0.0.1; `url` names 127.0.0.1 either way). */
  listenHost?: string;
}

/**
 * The real HTTP API on a random port, over a fresh database and upload folder. UPLOAD_STORE=
 * postgres keeps the uploads in the test database instead (as the servers of a cluster do).
 */
export async function startApi(opts: ApiOptions = {}) {
  const db = await freshStore();
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), 'mp-uploads-'));
  const uploads =
    process.env.UPLOAD_STORE === 'postgres'
      ? new PgUploadStore(db.knex)
      : new FsUploadStore({ dir: uploadDir });
  const chain = opts.chain ?? new MemoryChain();
  const escrow = Keypair.generate();
  const clock = new TestClock();
  const logger = pino({ level: 'silent' });
  const payer =
    opts.payer && chain instanceof MemoryChain
      ? new MemoryEscrowPayer(chain, escrow.publicKey.toBase58())
      : undefined;
  const app = makeUseCases({
    store: opts.store ?? db.store,
    chain,
    uploads,
    signatures: walletSignatures,
    clock,
    logger,
    escrowWallet: escrow.publicKey.toBase58(),
    adminWallets: new Set([escrow.publicKey.toBase58()]),
    cluster: 'localnet',
    policy: DEFAULT_POLICY,
    payer,
    escrowVerifier: opts.escrowVerifier,
    cosigner: opts.cosigner?.(escrow),
  });
  const events = opts.events
    ? createEventFeed(db.knex, {
        databaseUrl: process.env.DATABASE_URL ? dbUrlOf(db.knex) : undefined,
      })
    : undefined;
  const koa = createServer({
    app,
    events,
    logger,
    chain: {
      cluster: 'localnet',
      rpcUrl: 'http://127.0.0.1:8899',
      escrowWallet: escrow.publicKey.toBase58(),
    },
    resolveUpload: (name) => uploads.resolve(name),
    rateLimits: opts.limits && {
      settings: {
        windowSeconds: 60,
        limits: { ...DEFAULT_LIMITS, ...opts.limits },
        uploadBytes: opts.uploadBytes,
      },
      // As the composition root does: shared counters on PostgreSQL, memory on PGlite.
      make: backend === 'postgres' ? knexRateLimiters(db.knex) : inMemoryLimiters,
    },
    ...opts.server,
  });
  const server = await listen(koa, 0, opts.listenHost ?? '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    app,
    db,
    chain,
    clock,
    uploadDir,
    escrow,
    payer,
    client: (keypair?: Keypair, headers?: Record<string, string>) =>
      new Client(url, keypair, headers),
    admin: () => new Client(url, escrow),
    async close() {
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
      await events?.close();
      await db.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}

export type Api = Awaited<ReturnType<typeof startApi>>;

/** The connection string of a knex over PostgreSQL (the test database it was made for). */
function dbUrlOf(knex: { client: { config: { connection: unknown } } }): string {
  return (knex.client.config.connection as { connectionString: string }).connectionString;
}
