import { z } from 'zod';

/*
 * Field schemas shared by the calls. Every message names the field, so a 400 says what to fix.
 */

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** A positive whole number in a path or query (`"12"` -> 12), within PostgreSQL's integer. */
export const idText = (what: string) =>
  z
    .string({ error: `Invalid ${what}` })
    .regex(/^[1-9]\d{0,9}$/, `Invalid ${what}`)
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, `Invalid ${what}`);

/** A positive whole number in a JSON body. */
export const idNumber = (field: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be a whole number`,
    })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a whole number`)
    .max(2_147_483_647, `${field} must be a whole number`);

export const walletAddress = (field = 'walletAddress') =>
  z
    .string({ error: `${field} must be a base58 Solana address` })
    .min(32, `${field} must be a base58 Solana address`)
    .max(44, `${field} must be a base58 Solana address`)
    .regex(BASE58, `${field} must be a base58 Solana address`);

/** A transaction signature as base58 text (64 bytes: 86 to 88 characters, some tools pad less). */
export const signature = (field: string) =>
  z
    .string({ error: `${field} must be a base58 transaction signature` })
    .min(64, `${field} must be a base58 transaction signature`)
    .max(90, `${field} must be a base58 transaction signature`)
    .regex(BASE58, `${field} must be a base58 transaction signature`);

/** Optional text a person typed: blank means absent; trimmed; capped. */
export const optionalText = (field: string, max: number) =>
  z
    .union([z.string(), z.null()], { error: `${field} must be text` })
    .optional()
    .transform((value) => value?.trim() || null)
    .refine(
      (value) => value === null || value.length <= max,
      `${field} can be at most ${max} characters`,
    );

/** A query value given at most once (`?a=1&a=2` is refused rather than guessed at). */
export const queryText = (field: string) =>
  z
    .union([z.string(), z.number()], { error: `${field} must be given once, as text` })
    .optional()
    .transform((value) => (value === '' || value === undefined ? undefined : String(value)));

/** `limit` of a paged list: 1 to `max`, `fallback` when absent. */
export const pageLimit = (fallback: number, max: number) =>
  queryText('limit')
    // Digits only: Number() would also read "1e2", "0x10" and " 1".
    .transform((text) => (text === undefined ? fallback : /^\d+$/.test(text) ? Number(text) : NaN))
    .refine(
      (n) => Number.isInteger(n) && n >= 1 && n <= max,
      `limit must be a whole number from 1 to ${max}`,
    );

/** A JSON body must be an object, whatever its fields. */
export const jsonObject = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: 'Request body must be a JSON object' });

/** Times travel as ISO-8601 text. */
export const isoTime = z.string();

/** Lamports travel as decimal text (JSON has no 64-bit integers). */
export const lamportsText = z.codec(z.string().regex(/^-?\d+$/), z.bigint(), {
  decode: (text) => BigInt(text),
  encode: (lamports) => lamports.toString(),
});

/** The first problem of a failed parse, as one sentence for a person. */
export function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Bad request';
  const field = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type' && !issue.message.startsWith('Invalid input'))
    return issue.message;
  if (issue.code === 'invalid_type') {
    return field ? `${field} must be ${issue.expected}` : 'Request body must be a JSON object';
  }
  if (issue.code === 'invalid_value' && issue.message.startsWith('Invalid option')) {
    return `${field} must be one of ${issue.values.map(String).join(', ')}`;
  }
  return issue.message;
}

/** A call with no parameters of this kind. */
export const none = z.object({});

/** Admin calls carry the admin's wallet in the query (spec section 6). */
export const adminQuery = z.object({ walletAddress: queryText('walletAddress') });

/** A block height (a blockhash's last valid one), as digits or a number: a bigint. */
export const blockHeight = (name: string) => {
  const error = `${name} must be a block height (a whole number, 0 or more)`;
  return z
    .union(
      [
        z.string().regex(/^\d+$/, { error }),
        z.number({ error }).int({ error }).nonnegative({ error }),
      ],
      { error },
    )
    .transform((v) => BigInt(v));
};
