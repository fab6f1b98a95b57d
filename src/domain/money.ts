import { validation } from './errors';

/** One SOL is one billion lamports (spec section 9). */
export const LAMPORTS_PER_SOL = 1_000_000_000n;
const SOL_DECIMALS = 9;

/** Largest price the database holds: numeric(10,2). */
export const MAX_PRICE = '99999999.99';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const MAX_AMOUNT_CHARS = 40;

/**
 * Exact SOL decimal string -> lamports. Throws a validation error for anything that is not a
 * plain non-negative decimal with at most 9 places. Never goes through a float.
 */
export function solToLamports(sol: string): bigint {
  const text = String(sol).trim();
  // Longer than any amount there is (u64 lamports are 20 digits): refused before it is
  // converted, which for megabytes of digits would hold the thread, and not echoed whole.
  const long = text.length > MAX_AMOUNT_CHARS;
  const match = DECIMAL.exec(text);
  if (!match)
    throw validation(`"${long ? `${text.slice(0, 24)}...` : sol}" is not a valid SOL amount`);
  if (long) throw validation(`"${text.slice(0, 24)}..." is too long for a SOL amount`);
  const [, whole, fraction = ''] = match;
  if (fraction.length > SOL_DECIMALS) {
    throw validation(`"${sol}" has more than ${SOL_DECIMALS} decimal places`);
  }
  return BigInt(whole!) * LAMPORTS_PER_SOL + BigInt(fraction.padEnd(SOL_DECIMALS, '0'));
}

/**
 * Lamports -> SOL string with exactly `decimals` places (rounded half up), or, when
 * `decimals` is omitted, the shortest exact form with at least 2 places ("1.50", "0.000000001").
 */
export function formatSol(lamports: bigint, decimals?: number): string {
  const negative = lamports < 0n;
  const abs = negative ? -lamports : lamports;
  let text: string;
  if (decimals === undefined) {
    const whole = abs / LAMPORTS_PER_SOL;
    const fraction = (abs % LAMPORTS_PER_SOL).toString().padStart(SOL_DECIMALS, '0');
    const trimmed = fraction.replace(/0+$/, '').padEnd(2, '0');
    text = `${whole}.${trimmed}`;
  } else {
    const unit = 10n ** BigInt(SOL_DECIMALS - decimals);
    const rounded = (abs + unit / 2n) / unit;
    const scale = 10n ** BigInt(decimals);
    const whole = rounded / scale;
    text =
      decimals === 0
        ? `${whole}`
        : `${whole}.${(rounded % scale).toString().padStart(decimals, '0')}`;
  }
  // An amount that rounds to zero is written without a sign ("0.00", not "-0.00").
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Formats a price string ("12.5") with `decimals` places, exactly. */
export function formatPrice(price: string, decimals: number): string {
  return formatSol(solToLamports(price), decimals);
}

/** Sum of price strings as lamports. */
export function sumLamports(prices: readonly string[]): bigint {
  return prices.reduce((total, price) => total + solToLamports(price), 0n);
}

/**
 * A product or order price: a positive decimal with at most 2 places that fits numeric(10,2).
 * Returns the canonical form with 2 places ("12.50").
 */
export function normalizePrice(input: unknown): string {
  if (input === undefined || input === null || input === '') throw validation('Price is required');
  if (typeof input !== 'string')
    throw validation('Price must be a decimal string in SOL, like "12.50"');
  const text = input;
  if (!DECIMAL.test(text.trim())) {
    throw validation('Price must be a positive number in SOL, like 12.50');
  }
  // Digits, but more than any price has: refused before they are converted (see solToLamports).
  if (text.trim().length > MAX_AMOUNT_CHARS) {
    throw validation(`Price can be at most ${MAX_PRICE} SOL`);
  }
  const [, , fraction = ''] = DECIMAL.exec(text.trim())!;
  if (fraction.length > 2) throw validation('Price can have at most 2 decimal places');
  const lamports = solToLamports(text);
  if (lamports <= 0n) throw validation('Price must be greater than 0');
  if (lamports > solToLamports(MAX_PRICE))
    throw validation(`Price can be at most ${MAX_PRICE} SOL`);
  return formatSol(lamports, 2);
}
