import { ed25519 } from '@noble/curves/ed25519';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Chain } from '../../src/app/ports';
import { makeUseCases } from '../../src/app/use-cases';
import { createServer } from '../../src/adapters/http/server';
import { walletSignatures } from '../../src/adapters/solana/wallet-signatures';
import { FsUploadStore, resolveUpload } from '../../src/adapters/uploads/fs-upload-store';
import { freshStore } from './db';
import { MemoryChain } from './memory-chain';

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
    const init: RequestInit = { method, headers: { ...headers } };
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

  /** The whole wallet sign-in: challenge, sign, verify. */
  async signIn() {
    const challenge = await this.post('/api/auth/challenge', { walletAddress: this.wallet });
    if (challenge.status !== 200)
      throw new Error(`challenge failed: ${JSON.stringify(challenge.body)}`);
    const verified = await this.post('/api/auth/verify', {
      walletAddress: this.wallet,
      message: challenge.body.message,
      signature: this.sign(challenge.body.message),
    });
    if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
    this.user = verified.body.user;
    return verified.body as { user: { id: number; walletAddress: string }; isAdmin: boolean };
  }
}

/** The real HTTP API on a random port, over a fresh database and upload folder. */
export async function startApi(opts: { chain?: Chain } = {}) {
  const db = await freshStore();
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), 'mp-uploads-'));
  const chain = opts.chain ?? new MemoryChain();
  const escrow = Keypair.generate();
  const clock = new TestClock();
  const logger = pino({ level: 'silent' });
  const app = makeUseCases({
    store: db.store,
    chain,
    uploads: new FsUploadStore({ dir: uploadDir }),
    signatures: walletSignatures,
    clock,
    logger,
    escrowWallet: escrow.publicKey.toBase58(),
    adminWallets: new Set([escrow.publicKey.toBase58()]),
    cluster: 'localnet',
  });
  const koa = createServer({
    app,
    logger,
    chain: {
      cluster: 'localnet',
      rpcUrl: 'http://127.0.0.1:8899',
      escrowWallet: escrow.publicKey.toBase58(),
    },
    resolveUpload: (name) => resolveUpload(uploadDir, name),
  });
  const server = koa.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    app,
    db,
    chain,
    clock,
    uploadDir,
    escrow,
    client: (keypair?: Keypair) => new Client(url, keypair),
    admin: () => new Client(url, escrow),
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await db.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}

export type Api = Awaited<ReturnType<typeof startApi>>;
