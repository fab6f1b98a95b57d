import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { ed25519 } from '@noble/curves/ed25519';
import bs58 from 'bs58';
import { startCluster } from './cluster-lib';

// Requests per second on GET /api/products through haproxy with 1, 2 and 3 servers, in one run
// (README, Measured). DATABASE_URL names an empty PostgreSQL database (the servers migrate it);
// wrk must be installed (apt-get install -y wrk). RPS_SECONDS (10) per measurement,
// RPS_CONNECTIONS (32), RPS_PRODUCTS (48: one full page), RPS_ROUNDS (3: 1, 2, 3 servers in
// turn, each round; the median and the range are shown). Where the CPU went during each
// measurement is read from ps (seconds of CPU per second of run: 2.0 is both cores).

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL must name an empty PostgreSQL database');
const seconds = Number(process.env.RPS_SECONDS ?? 10);
const connections = Number(process.env.RPS_CONNECTIONS ?? 32);
const products = Number(process.env.RPS_PRODUCTS ?? 48);
const rounds = Number(process.env.RPS_ROUNDS ?? 3);

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
  const servers = cluster.servers;
  const wrk = (target: string) => {
    const before = cpu();
    const out = execFileSync(
      'wrk',
      ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', target],
      { encoding: 'utf8' },
    );
    const after = cpu();
    const used = (pick: (p: Proc) => boolean) =>
      [...after.values()]
        .filter(pick)
        .reduce((sum, p) => sum + p.seconds - (before.get(p.pid)?.seconds ?? 0), 0) / seconds;
    const ours = new Set(servers.map((s) => s.pid));
    return {
      rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
      p50: /50%\s+(\S+)/.exec(out)?.[1] ?? '?',
      errors: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
      servers: used((p) => ours.has(p.pid)),
      postgres: used((p) => p.comm === 'postgres'),
      haproxy: used((p) => p.comm === 'haproxy'),
      load: os.loadavg()[0]!,
    };
  };
  type Run = ReturnType<typeof wrk>;
  const results = new Map<string, Run[]>();
  const add = (label: string, run: Run) => {
    results.set(label, [...(results.get(label) ?? []), run]);
    process.stdout.write(
      `${label}: ${run.rps.toFixed(0)}/s, p50 ${run.p50}, CPU servers ${run.servers.toFixed(2)} ` +
        `postgres ${run.postgres.toFixed(2)} haproxy ${run.haproxy.toFixed(2)}, load ${run.load.toFixed(1)}\n`,
    );
  };
  wrk(url); // warm-up: every server has run the query
  const names = servers.map((s) => s.name);
  for (let round = 0; round < rounds; round++) {
    add('one server directly, no balancer', wrk(`${servers[0]!.url}/api/products`));
    for (const count of [1, 2, 3]) {
      for (const [i, name] of names.entries()) await cluster.setInRotation(name, i < count);
      await cluster.waitForUp(names.slice(0, count));
      add(`haproxy + ${count} server${count > 1 ? 's' : ''}`, wrk(url));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  process.stdout.write(
    `\nGET /api/products (${products} products, one page of 48), wrk -t2 -c${connections} ` +
      `-d${seconds}s, ${rounds} rounds, ${os.cpus().length} cores\n` +
      '| setup | requests/s, median (range) | non-2xx | CPU s/s: servers, PostgreSQL, haproxy (median) |\n' +
      '|---|---|---|---|\n',
  );
  for (const [label, runs] of results) {
    const rps = runs.map((r) => r.rps);
    process.stdout.write(
      `| ${label} | ${median(rps).toFixed(0)} (${Math.min(...rps).toFixed(0)}–${Math.max(...rps).toFixed(0)}) ` +
        `| ${runs.reduce((n, r) => n + r.errors, 0)} ` +
        `| ${median(runs.map((r) => r.servers)).toFixed(2)}, ${median(runs.map((r) => r.postgres)).toFixed(2)}, ` +
        `${median(runs.map((r) => r.haproxy)).toFixed(2)} |\n`,
    );
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

interface Proc {
  pid: number;
  comm: string;
  seconds: number;
}

/** CPU seconds used so far by every process (/proc/<pid>/stat: utime + stime). */
function cpu(): Map<number, Proc> {
  const tick = 100; // USER_HZ on Linux
  const out = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / tick;
      out.set(Number(entry), { pid: Number(entry), comm, seconds });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
