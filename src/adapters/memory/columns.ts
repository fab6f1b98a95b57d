import { badValue, checkViolation, missingValue } from '../schema/constraint-errors';

/*
 * The column types and constraints of the schema (migrations/) as checks on values, raising what
 * PostgreSQL raises, translated as the knex store translates it (db/constraint-errors.ts).
 */

const INT4_MAX = 2_147_483_647;
const INT8_MAX = 9_223_372_036_854_775_807n;

/** An `integer` value: a whole number in range, else the type's error. */
export function int4(value: number): number {
  if (!Number.isInteger(value) || value > INT4_MAX || value < -INT4_MAX - 1) throw badValue();
  return value;
}

/** A `bigint` value. */
export function int8(value: bigint): bigint {
  if (typeof value !== 'bigint' || value > INT8_MAX || value < -INT8_MAX - 1n) throw badValue();
  return value;
}

const DECIMAL = /^\s*([+-])?(\d+\.?\d*|\.\d+)(?:e([+-]?\d+))?\s*$/i;

/**
 * A `numeric(10,2)` value as PostgreSQL reads and prints it: rounded half away from zero to
 * two places ("12.5" -> "12.50"), at most 8 digits before the point.
 */
export function numeric10x2(value: string): string {
  const match = DECIMAL.exec(String(value));
  if (!match) throw badValue();
  const [, sign = '', digits = '', exponent = '0'] = match;
  const [whole = '', fraction = ''] = digits.split('.');
  // value = mantissa × 10^(shift); we want it in hundredths.
  const mantissa = BigInt(`${whole}${fraction}` || '0');
  const shift = Number(exponent) - fraction.length + 2;
  let hundredths: bigint;
  if (mantissa === 0n) hundredths = 0n;
  else if (shift >= 0) {
    if (shift > 20) throw badValue();
    hundredths = mantissa * 10n ** BigInt(shift);
  } else {
    const unit = 10n ** BigInt(-shift);
    hundredths = (mantissa + unit / 2n) / unit;
  }
  if (hundredths >= 10_000_000_000n) throw badValue();
  const text = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
  return sign === '-' && hundredths !== 0n ? `-${text}` : text;
}

/** Whether a numeric(10,2) text is above zero. */
export const positive = (numeric: string) => !numeric.startsWith('-') && /[1-9]/.test(numeric);

/** A `timestamptz(3)` value as ISO text with milliseconds. */
export function timestamp(value: string | Date): string {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(time)) throw badValue();
  return new Date(time).toISOString();
}

/** A NOT NULL column's value, or the error of a missing one. */
export function required<T>(value: T | null | undefined, table: string): T {
  if (value === null || value === undefined) throw missingValue(table);
  return value;
}

/** `btrim(text) <> ''`: PostgreSQL's btrim removes spaces only. */
export const notBlank = (text: string) => text.replace(/^ +| +$/g, '') !== '';

/**
 * Check constraints, named as in the schema: the first one (by name, as PostgreSQL checks
 * them) that does not hold is raised.
 */
export function checks(rules: Record<string, boolean>): void {
  const failed = Object.keys(rules)
    .filter((name) => !rules[name])
    .sort();
  if (failed.length) throw checkViolation(failed[0]);
}
