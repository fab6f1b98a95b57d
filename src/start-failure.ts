type StartError = NodeJS.ErrnoException & {
  address?: string;
  port?: number;
  hostname?: string;
  /** PostgreSQL's SQLSTATE. */
  code?: string;
};

const inside = (file: string | undefined, dir: string) =>
  file !== undefined && (file === dir || file.startsWith(`${dir}/`));

/**
 * One sentence for a failed start that names the setting to change: a taken port, a database
 * that does not answer or does not exist, a HOST this machine does not have, a folder that
 * cannot be made.
 */
export function startFailure(
  error: unknown,
  config: {
    port: number;
    host: string;
    databaseUrl?: string;
    dataDir: string;
    uploadDir: string;
    localChainPort: number;
    /** A Solana node of its own: no local chain is started, its ports are nobody's. */
    rpcUrl?: string;
  },
): string {
  // A name that resolves to several addresses (localhost: ::1 and 127.0.0.1) fails with an
  // AggregateError of one error each, itself without address, port or message: the first says it.
  const inner = (error as { errors?: unknown[] } | null)?.errors?.[0];
  const e = (error instanceof AggregateError && inner ? inner : error) as StartError;
  const reason = e.code ?? e.message;
  if (e.code === 'EADDRINUSE' && e.port !== undefined) {
    // The embedded chain listens on LOCAL_CHAIN_PORT and the port after it (its WebSocket).
    const chain = config.rpcUrl ? 0 : config.localChainPort;
    const chainPorts = chain === 0 ? [] : [chain, chain + 1];
    if (e.port === config.port && chainPorts.includes(e.port)) {
      return `Could not start: PORT ${e.port} is one of the local chain's ports (LOCAL_CHAIN_PORT ${chain} and ${chain + 1}, its WebSocket); set PORT or LOCAL_CHAIN_PORT so they differ`;
    }
    if (e.port === config.port) {
      return `Could not start: ${e.address}:${e.port} is already in use; stop what holds it or set PORT to a free port`;
    }
    const which =
      e.port === chain + 1 ? ` (LOCAL_CHAIN_PORT + 1, the local chain's WebSocket)` : '';
    return `Could not start: ${e.address}:${e.port}${which} is already in use; stop what holds it or set LOCAL_CHAIN_PORT to a free port`;
  }
  if (config.databaseUrl) {
    const db = new URL(config.databaseUrl);
    const where = `${db.hostname}:${db.port || 5432}`;
    if (e.code === '3D000') {
      const user = db.username ? ` -U ${decodeURIComponent(db.username)}` : '';
      const name = decodeURIComponent(db.pathname.slice(1));
      return `Could not start: the database ${name} in DATABASE_URL does not exist on ${where}; create it (createdb -h ${db.hostname}${user} ${name})`;
    }
    if (['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(e.code ?? '')) {
      if (e.hostname === db.hostname || e.port === Number(db.port || 5432)) {
        return `Could not start: the PostgreSQL server in DATABASE_URL (${where}) is not answering (${reason})`;
      }
    }
  }
  const unknownHost = e.syscall === 'getaddrinfo' && e.hostname === config.host;
  if (unknownHost || (e.syscall === 'listen' && e.code === 'EADDRNOTAVAIL')) {
    return `Could not start: HOST=${config.host} is not an address of this machine (${reason})`;
  }
  for (const [variable, dir] of [
    ['UPLOAD_DIR', config.uploadDir],
    ['DATA_DIR', config.dataDir],
  ] as const) {
    if (inside(e.path, dir)) {
      return `Could not start: ${variable} (${dir}) cannot be used: ${e.message}`;
    }
  }
  return `Could not start: ${e.message || String(error)}`;
}
