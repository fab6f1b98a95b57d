import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { Keypair } from '@solana/web3.js';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The product scaled out on one machine, as a deployment runs it on several: one local chain
 * (`marketplace chain start`), N `marketplace serve` processes on one PostgreSQL database with
 * the uploads in it (UPLOAD_STORE=postgres), and haproxy in front: round robin, health checks
 * on GET /api/health/ready, X-Forwarded-For and -Proto set (the servers trust one proxy and know
 * their public address, PUBLIC_URL). Used by `make cluster`, the cluster acceptance suite and
 * the balancer run of `make e2e`.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

export interface ClusterOptions {
  /** The PostgreSQL database every server uses (migrated by the servers at start). */
  databaseUrl: string;
  /** Server processes (default 3). */
  servers?: number;
  /** Working folder: escrow key, chain state, haproxy.cfg, logs/. */
  dir: string;
  /** The balancer's port (default: a free one). */
  port?: number;
  /** Keep the chain in memory instead of `<dir>/chain`. */
  chainInMemory?: boolean;
  /** More environment for every server (rate limits, log level...). */
  env?: Record<string, string>;
}

export interface ClusterServer {
  name: string;
  url: string;
  /** Undefined while stopped. */
  pid?: number;
  /** Signals the process and waits until it has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again (same port, same settings); resolves once it is ready. */
  start(): Promise<void>;
}

export interface Cluster {
  /** The balancer: the address people use. */
  url: string;
  rpcUrl: string;
  escrowWallet: string;
  escrowKeypairPath: string;
  dir: string;
  logDir: string;
  servers: ClusterServer[];
  /** Takes servers in or out of the balancer's rotation (haproxy's runtime API). */
  setInRotation(name: string, inRotation: boolean): Promise<void>;
  /** Waits until the balancer sees exactly these servers up. */
  waitForUp(names: string[], timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Ports handed out by this process: the OS may offer a just-closed port again. */
const taken = new Set<number>();

/** A free port no other part of this cluster got. */
async function uniquePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = await freePort();
    if (!taken.has(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error('No free port');
}

/** Two free ports in a row (the chain's RPC and its WebSocket on RPC + 1). */
async function freePortPair(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = await freePort();
    if (port < 65535 && !taken.has(port) && !taken.has(port + 1) && (await isFree(port + 1))) {
      taken.add(port).add(port + 1);
      return port;
    }
  }
  throw new Error('No two free ports in a row');
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Child {
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv, log: WriteStream) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const collect = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-20_000);
    log.write(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  // 'close', not 'exit': by then everything it wrote has been read (a start-up error included).
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, exited, output: () => text } satisfies Child;
}

async function stopChild(proc: Child | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
  await proc.exited;
  clearTimeout(timer);
}

async function waitFor(what: string, check: () => Promise<boolean>, proc: Child, ms = 90_000) {
  let gone = false;
  void proc.exited.then(() => (gone = true));
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (gone) {
      const { exitCode, signalCode } = proc.child;
      throw new Error(
        `${what} exited (${signalCode ?? exitCode}) while starting:\n${proc.output().slice(-3000)}`,
      );
    }
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} did not become ready in ${ms / 1000} s:\n${proc.output().slice(-3000)}`);
}

/** The address of a keypair file (Solana CLI JSON: the 64 secret key bytes). */
async function addressOf(file: string): Promise<string> {
  const secret = Uint8Array.from(JSON.parse(await readFile(file, 'utf8')) as number[]);
  return Keypair.fromSecretKey(secret).publicKey.toBase58();
}

const ready = (url: string) => fetch(`${url}/api/health/ready`).then((res) => res.ok);

async function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  return stdout;
}

/** haproxy.cfg for the servers: HTTP mode, round robin, readiness checks, forwarded headers. */
export function haproxyConfig(opts: {
  port: number;
  socket: string;
  servers: { name: string; url: string }[];
}): string {
  const servers = opts.servers.map((s) => `  server ${s.name} ${new URL(s.url).host} check`);
  return `# Written by scripts/cluster-lib.ts: the balancer in front of the marketplace servers.
global
  maxconn 4096
  stats socket ${opts.socket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # Live updates (GET /api/events) stay open: the tunnel timeout bounds them, not the above.
  timeout tunnel 1h
  # The client's address for the servers' rate limits and logs (TRUST_PROXY=1).
  option forwardfor
  # A request that never reached a server (it was down) goes to another; one that did is not
  # sent twice.
  retries 3
  option redispatch
  retry-on conn-failure

frontend marketplace
  bind 127.0.0.1:${opts.port}
  # Only what this balancer says counts: a client's own forwarding headers go.
  http-request del-header X-Forwarded-Host
  http-request del-header Forwarded
  http-request set-header X-Forwarded-Proto http
  default_backend servers

backend servers
  balance roundrobin
  # Ready means database and chain answer; a server failing it leaves rotation until it passes.
  option httpchk GET /api/health/ready
  http-check expect status 200
  # Which server answered, for people trying it (and the acceptance suite).
  http-response set-header X-Served-By %[srv_name]
  default-server inter 1s fall 2 rise 2
${servers.join('\n')}
`;
}

/** Starts the whole cluster; resolves when the balancer routes to every server. */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const count = opts.servers ?? 3;
  const dir = path.resolve(opts.dir);
  const logDir = path.join(dir, 'logs');
  await mkdir(logDir, { recursive: true });
  const logs: WriteStream[] = [];
  const log = (name: string) => {
    const stream = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
    logs.push(stream);
    return stream;
  };
  const children: Child[] = [];
  let haproxy: Child | undefined;
  const stopAll = async () => {
    await stopChild(haproxy);
    await Promise.all(children.map((c) => stopChild(c)));
    for (const stream of logs) stream.end();
  };
  try {
    // The escrow key every server settles payouts with, and the local chain it lives on.
    const escrowKeypairPath = path.join(dir, 'escrow-keypair.json');
    const escrowWallet = existsSync(escrowKeypairPath)
      ? await addressOf(escrowKeypairPath)
      : (JSON.parse(await cli(['keygen', escrowKeypairPath, '--json'])) as { address: string })
          .address;
    const chainPort = await freePortPair();
    const chainArgs = opts.chainInMemory ? ['--memory'] : ['--data-dir', path.join(dir, 'chain')];
    const chain = spawnLogged(
      process.execPath,
      [
        '--import',
        'tsx',
        'cli/main.ts',
        'chain',
        'start',
        '--port',
        String(chainPort),
        ...chainArgs,
      ],
      { ...process.env, LOG_LEVEL: 'warn' },
      log('chain'),
    );
    children.push(chain);
    const rpcUrl = `http://127.0.0.1:${chainPort}`;
    await waitFor('the local chain', async () => /Local chain running/.test(chain.output()), chain);
    // Fees for the payouts the servers send.
    await cli(['chain', 'airdrop', escrowWallet, '2', '--rpc', rpcUrl]);

    const port = opts.port ?? (await uniquePort());
    const url = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      LOG_LEVEL: 'warn',
      SEED: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      UPLOAD_STORE: 'postgres',
      SOLANA_RPC_URL: rpcUrl,
      ESCROW_WALLET: escrowWallet,
      ESCROW_KEYPAIR: escrowKeypairPath,
      ADMIN_WALLETS: '',
      TRUST_PROXY: '1',
      PUBLIC_URL: url,
      // One key for every server: a live update stream resumes on whichever server it reaches.
      EVENT_ID_KEY: process.env.EVENT_ID_KEY ?? randomBytes(32).toString('hex'),
      ...opts.env,
    };
    const servers: ClusterServer[] = [];
    for (let i = 1; i <= count; i++) {
      const name = `s${i}`;
      const serverPort = await uniquePort();
      const serverUrl = `http://127.0.0.1:${serverPort}`;
      const serverEnv = { ...env, PORT: String(serverPort), DATA_DIR: path.join(dir, name) };
      let proc: Child | undefined;
      const server: ClusterServer = {
        name,
        url: serverUrl,
        async start() {
          proc = spawnLogged(
            process.execPath,
            ['--import', 'tsx', 'cli/main.ts', 'serve'],
            serverEnv,
            log(name),
          );
          children.push(proc);
          server.pid = proc.child.pid;
          await waitFor(`server ${name}`, () => ready(serverUrl), proc);
        },
        async kill(signal = 'SIGTERM') {
          await stopChild(proc, signal);
          server.pid = undefined;
        },
      };
      servers.push(server);
    }
    // Together, as a deployment starts them: the first migrates, the others wait for it.
    await Promise.all(servers.map((s) => s.start()));

    const socket = path.join(dir, 'haproxy.sock');
    const config = path.join(dir, 'haproxy.cfg');
    await writeFile(config, haproxyConfig({ port, socket, servers }));
    haproxy = spawnLogged('haproxy', ['-db', '-f', config], process.env, log('haproxy'));
    const admin = (command: string) => haproxyCommand(socket, command);
    const waitForUp = async (names: string[], timeoutMs = 30_000) => {
      const want = [...names].sort().join(',');
      const deadline = Date.now() + timeoutMs;
      let seen = '';
      while (Date.now() < deadline) {
        seen = await upServers(admin).catch(() => '');
        if (seen === want) return;
        await sleep(200);
      }
      throw new Error(`The balancer sees ${seen || 'nothing'} up, not ${want}`);
    };
    await waitFor('haproxy', () => ready(url), haproxy, 30_000);
    await waitForUp(servers.map((s) => s.name));
    return {
      url,
      rpcUrl,
      escrowWallet,
      escrowKeypairPath,
      dir,
      logDir,
      servers,
      async setInRotation(name, inRotation) {
        await admin(`set server servers/${name} state ${inRotation ? 'ready' : 'maint'}`);
      },
      waitForUp,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** One command on haproxy's runtime API (the stats socket); resolves with its answer. */
export function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(socket);
    let answer = '';
    conn.on('data', (chunk) => (answer += chunk.toString()));
    conn.on('end', () => resolve(answer));
    conn.on('error', reject);
    conn.write(`${command}\n`);
  });
}

/** The servers haproxy routes to now (status UP), sorted, comma-separated. */
async function upServers(admin: (command: string) => Promise<string>): Promise<string> {
  const csv = await admin('show stat');
  const header = csv.split('\n')[0]!.replace(/^# /, '').split(',');
  const [px, sv, status] = ['pxname', 'svname', 'status'].map((h) => header.indexOf(h));
  return csv
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .filter((f) => f[px!] === 'servers' && !['BACKEND', 'FRONTEND'].includes(f[sv!]!))
    .filter((f) => f[status!] === 'UP')
    .map((f) => f[sv!]!)
    .sort()
    .join(',');
}
