import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { ed25519 } from '@noble/curves/ed25519';
import bs58 from 'bs58';
import { startCluster } from './cluster-lib';

// Requests per second on GET /api/products through haproxy with 1, 2 and 3 servers, in one run
// (README, Measured). DATABASE_URL names an empty PostgreSQL database (the servers migrate it);
// wrk must be installed (apt-get install -y wrk). RPS_SECONDS (10) per measurement,
// RPS_CONNECTIONS (32), RPS_PRODUCTS (48: one full page).

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL must name an empty PostgreSQL database');
const seconds = Number(process.env.RPS_SECONDS ?? 10);
const connections = Number(process.env.RPS_CONNECTIONS ?? 32);
const products = Number(process.env.RPS_PRODUCTS ?? 48);

const dir = await mkdtemp(path.join(os.tmpdir(), 'cluster-rps-'));
const cluster = await startCluster({
  databaseUrl,
  servers: 3,
  dir,
  chainInMemory: true,
  env: { RATE_LIMITS: 'off', LOG_LEVEL: 'warn' },
});
try {
  await seed(cluster.url, products);
  const url = `${cluster.url}/api/products`;
  const rows: string[] = [];
  const wrk = (target: string) => {
    const out = execFileSync(
      'wrk',
      ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', target],
      { encoding: 'utf8' },
    );
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
    const p50 = /50%\s+(\S+)/.exec(out)?.[1];
    const p99 = /99%\s+(\S+)/.exec(out)?.[1];
    const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
    return { rps, p50, p99, errors };
  };
  const show = (label: string, r: ReturnType<typeof wrk>) => {
    const line = `| ${label} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} |`;
    rows.push(line);
    process.stdout.write(`${line}\n`);
  };
  process.stdout.write(
    `GET /api/products (${products} products, one page), wrk -t2 -c${connections} -d${seconds}s\n` +
      '| setup | requests/s | p50 | p99 | non-2xx |\n|---|---|---|---|---|\n',
  );
  wrk(url); // warm-up: every server has run the query and compiled its paths
  show('one server directly, no balancer', wrk(`${cluster.servers[0]!.url}/api/products`));
  for (const count of [1, 2, 3]) {
    const names = cluster.servers.map((s) => s.name);
    for (const [i, name] of names.entries()) await cluster.setInRotation(name, i < count);
    await cluster.waitForUp(names.slice(0, count));
    show(`haproxy + ${count} server${count > 1 ? 's' : ''}`, wrk(url));
  }
} finally {
  await cluster.stop();
  await rm(dir, { recursive: true, force: true });
}

/** `count` listings by one seller, signed in through the balancer. */
async function seed(base: string, count: number) {
  const keypair = Keypair.generate();
  const wallet = keypair.publicKey.toBase58();
  const post = async (p: string, body: unknown, cookie?: string) => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${await res.text()}`);
    return res;
  };
  const challenge = (await (
    await post('/api/auth/challenge', { walletAddress: wallet })
  ).json()) as {
    message: string;
  };
  const signature = bs58.encode(
    ed25519.sign(new TextEncoder().encode(challenge.message), keypair.secretKey.slice(0, 32)),
  );
  const verified = await post('/api/auth/verify', {
    walletAddress: wallet,
    message: challenge.message,
    signature,
  });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = (await verified.json()) as { user: { id: number } };
  for (let i = 0; i < count; i++) {
    await post(
      '/api/products',
      {
        name: `Measured listing ${i}`,
        description: 'A listing for the throughput figure',
        price: '1.00',
        category: 'physical-items',
        condition: 'new',
        location: 'Lisbon',
        status: 'active',
        quantity: 5,
        requiresAddress: false,
        requiresEmail: false,
        requiresName: false,
        imageUrl: null,
        sellerId: user.id,
      },
      cookie,
    );
  }
}
