import { solToLamports } from '@src/domain/money';
import { UsageError } from './errors';

export function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65534) {
    throw new UsageError(`--port must be a number from 0 to 65534, not "${text}"`);
  }
  return port;
}

/** A count option: a whole number from 0 up to `max`. */
export function parseCount(text: string, name: string, max = 1_000_000): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > max) {
    throw new UsageError(`${name} must be a whole number from 0 to ${max}, not "${text}"`);
  }
  return n;
}

/** An amount of SOL typed by a person ("1.5"), exactly, as lamports; more than 0. */
export function parseSol(text: string): bigint {
  let lamports: bigint;
  try {
    lamports = solToLamports(text);
  } catch {
    throw new UsageError(`"${text}" is not an amount of SOL (like 2 or 0.5)`);
  }
  if (lamports <= 0n) throw new UsageError('The amount must be more than 0 SOL');
  return lamports;
}
