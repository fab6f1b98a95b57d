import { isIPv6 } from 'node:net';

/** The full eight groups of an IPv6 address ("2001:db8::1" -> 2001:0db8:0000:...:0001). */
function expand(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const fill = ip.includes('::') ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(fill).fill('0'), ...right].map((g) => g.padStart(4, '0'));
}

/**
 * The key that one client's requests share for abuse limits: an IPv4 address, or an IPv6
 * address's /64 network (one subscriber usually holds a whole /64, so counting single
 * addresses would let it rotate through billions of them).
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip || 'unknown';
  return `${expand(ip.split('%')[0]!.toLowerCase()).slice(0, 4).join(':')}::/64`;
}

/** An address of this machine: 127.0.0.0/8 (also IPv4-mapped) or ::1. */
export const isLoopback = (ip: string) =>
  /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(ip);

/** Headers a proxy adds to say who the client is. */
export const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'forwarded'];

/**
 * Whether a request comes from this machine: its client address (through a trusted proxy, the
 * proxy's word) is a loopback one. A request that came through a proxy the server does not
 * trust (TRUST_PROXY unset) is from anyone: every visitor of a proxy on this machine would
 * otherwise look local.
 */
export function fromThisMachine(ctx: {
  ip: string;
  app: { proxy: boolean };
  get(header: string): string;
}): boolean {
  if (!ctx.app.proxy && FORWARDED_HEADERS.some((h) => ctx.get(h))) return false;
  return isLoopback(ctx.ip);
}
