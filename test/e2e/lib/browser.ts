import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { TestWallet } from './test-wallet';

export const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// One function expression (prettier ends it with a semicolon, which a call cannot follow).
const PAGE_WALLET = readFile(path.join(import.meta.dirname, 'page-wallet.js'), 'utf8').then(
  (text) => text.trim().replace(/;$/, ''),
);

export type WalletKind = 'standard' | 'phantom';

export interface Actor {
  name: string;
  context: BrowserContext;
  page: Page;
  wallet?: TestWallet;
  /** Uncaught page errors and console errors, for the report. */
  problems: string[];
  close(): Promise<void>;
}

/**
 * One person at one browser: a fresh Chromium profile (own cookies and storage) whose page has
 * a fake wallet (Wallet Standard, or a Phantom-style injected provider) backed by `wallet`.
 */
export async function openActor(opts: {
  name: string;
  baseUrl: string;
  wallet?: TestWallet;
  walletKind?: WalletKind;
  /** Wallet Standard features the fake offers (default: sign message and sign transaction). */
  features?: string[];
  /** The origin of a chain RPC that answers 429s on purpose (the mainnet profile). */
  rateLimitedChain?: string;
}): Promise<Actor> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 800 },
    baseURL: opts.baseUrl,
  });
  context.setDefaultTimeout(15_000);
  const { wallet } = opts;
  if (wallet) {
    await context.exposeFunction('__e2eWallet', (kind: string, payload: string) =>
      wallet.handle(kind, payload),
    );
    const cfg = {
      kind: opts.walletKind ?? 'standard',
      name: wallet.label,
      address: wallet.address,
      publicKey: Array.from(wallet.keypair.publicKey.toBytes()),
      features: opts.features ?? ['solana:signMessage', 'solana:signTransaction'],
    };
    await context.addInitScript({ content: `(${await PAGE_WALLET})(${JSON.stringify(cfg)});` });
  }
  // A CSP violation is a console error in Chromium too; this names the directive and the URL.
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) =>
      console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline')));`,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => {
    // Failed requests are reported below with their URL instead.
    const chainRetry =
      opts.rateLimitedChain !== undefined && /^Server responded with 429 /.test(msg.text());
    if (
      msg.type() === 'error' &&
      !msg.text().startsWith('Failed to load resource') &&
      !chainRetry
    ) {
      problems.push(`console: ${msg.text()}`);
    }
  });
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    // A first visit looks its wallet's user up (404: none yet, spec section 4).
    // A server on a chain of its own (SOLANA_RPC_URL, the balancer run) has no development
    // wallets: 404, and the app goes on without them.
    // On the mainnet profile the chain answers 429 in bursts, as a hosted RPC does: the app
    // retries them (web3.js says so on the console) and must survive them.
    const expected =
      (res.status() === 404 &&
        (path.startsWith('/api/users/wallet/') || path === '/api/dev/wallets')) ||
      (res.status() === 429 && opts.rateLimitedChain === new URL(res.url()).origin);
    if (res.status() >= 400 && !expected) problems.push(`HTTP ${res.status()} ${path}`);
  });
  return {
    name: opts.name,
    context,
    page,
    wallet,
    problems,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
