import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startCluster } from './cluster-lib';

// `make cluster`: the product scaled out on this machine for trying (README, "Several servers
// behind a load balancer"). DATABASE_URL names the PostgreSQL database; CLUSTER_SERVERS (3),
// CLUSTER_PORT (8080) and CLUSTER_DIR (./data/cluster) the rest. Ctrl-C stops everything.

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  fail(
    'make cluster needs DATABASE_URL naming a PostgreSQL database, e.g.\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/marketplace make cluster',
  );
}
try {
  execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
} catch {
  fail('make cluster needs haproxy: apt-get install -y haproxy');
}
const servers = Number(process.env.CLUSTER_SERVERS ?? 3);
if (!Number.isInteger(servers) || servers < 1 || servers > 16) {
  fail('CLUSTER_SERVERS must be a whole number from 1 to 16');
}
const port = Number(process.env.CLUSTER_PORT ?? 8080);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  fail(`CLUSTER_PORT must be a port number from 1 to 65535, not "${process.env.CLUSTER_PORT}"`);
}
const dir = path.resolve(process.env.CLUSTER_DIR ?? './data/cluster');

process.stdout.write(`Starting ${servers} server(s), the local chain and haproxy…\n`);
const cluster = await startCluster({ databaseUrl: databaseUrl!, servers, port, dir });
const lines = [
  '',
  `  Marketplace    ${cluster.url}   (haproxy, round robin over ${servers} server(s))`,
  ...cluster.servers.map((s) => `  Server ${s.name.padEnd(7)} ${s.url}   (pid ${s.pid})`),
  `  Solana RPC     ${cluster.rpcUrl}   (local chain)`,
  `  Escrow wallet  ${cluster.escrowWallet}   (key ${cluster.escrowKeypairPath})`,
  `  Logs           ${cluster.logDir}`,
  '',
  'Ctrl-C stops everything.',
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);
await new Promise<void>((resolve) => {
  process.once('SIGINT', resolve);
  process.once('SIGTERM', resolve);
});
process.stdout.write('Stopping…\n');
await cluster.stop();
