import { describe, expect, it } from 'vitest';
import {
  LAMPORTS_PER_SOL,
  MAX_PRICE,
  formatPrice,
  formatSol,
  normalizePrice,
  solToLamports,
  sumLamports,
} from '@src/domain/money';

describe('solToLamports', () => {
  it('makes one SOL one billion lamports', () => {
    expect(LAMPORTS_PER_SOL).toBe(1_000_000_000n);
    expect(solToLamports('1')).toBe(1_000_000_000n);
  });

  it.each([
    ['0.000000001', 1n],
    ['12.50', 12_500_000_000n],
    ['12.5', 12_500_000_000n],
    ['0.1', 100_000_000n],
    ['0.3', 300_000_000n],
    ['99999999.99', 99_999_999_990_000_000n],
    ['123456789.123456789', 123_456_789_123_456_789n],
    ['0', 0n],
  ])('converts "%s" exactly to %s lamports', (sol, lamports) => {
    expect(solToLamports(sol)).toBe(lamports);
  });

  it.each(['-1', '1e3', '0x10', ' ', '', '1.0000000001', '12.', '.5', '1,5', 'NaN', '1 000'])(
    'rejects "%s" as a validation error',
    (sol) => {
      expect(() => solToLamports(sol)).toThrow(expect.objectContaining({ code: 'validation' }));
    },
  );

  it('refuses an amount longer than any there is, quickly and without echoing it whole', () => {
    const huge = '9'.repeat(5_000_000);
    expect(() => solToLamports(huge)).toThrow('"999999999999999999999999..." is too long');
    expect(() => normalizePrice(huge)).toThrow('Price can be at most 99999999.99 SOL');
    const garbage = 'x'.repeat(5_000_000);
    expect(() => solToLamports(garbage)).toThrow(
      '"xxxxxxxxxxxxxxxxxxxxxxxx..." is not a valid SOL amount',
    );
    expect(() => normalizePrice(garbage)).toThrow('Price must be a positive number in SOL');
  });

  it('says when an amount has more than 9 decimal places', () => {
    expect(() => solToLamports('1.0000000001')).toThrow(
      '"1.0000000001" has more than 9 decimal places',
    );
  });
});

describe('formatSol', () => {
  it.each([
    [12_345_678_900n, 0, '12'],
    [12_345_678_900n, 1, '12.3'],
    [12_345_678_900n, 2, '12.35'],
    [12_345_678_900n, 9, '12.345678900'],
    [1n, 9, '0.000000001'],
    [0n, 2, '0.00'],
  ])('formats %s lamports with %i decimals as %s', (lamports, decimals, text) => {
    expect(formatSol(lamports, decimals)).toBe(text);
  });

  it.each([
    [1_500_000_000n, 0, '2'],
    [1_499_999_999n, 0, '1'],
    [1_250_000_000n, 1, '1.3'],
    [1_249_999_999n, 1, '1.2'],
    [995_000_000n, 2, '1.00'],
    [994_999_999n, 2, '0.99'],
  ])('rounds %s lamports half up to %i decimals: %s', (lamports, decimals, text) => {
    expect(formatSol(lamports, decimals)).toBe(text);
  });

  it.each([
    [0n, '0.00'],
    [1_500_000_000n, '1.50'],
    [12_000_000_000n, '12.00'],
    [1n, '0.000000001'],
    [1_234_567_000n, '1.234567'],
  ])('writes %s lamports in the shortest exact form with at least 2 places: %s', (l, text) => {
    expect(formatSol(l)).toBe(text);
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatSol(-1_500_000_000n)).toBe('-1.50');
    expect(formatSol(-1_250_000_000n, 1)).toBe('-1.3');
  });

  it('does not write a minus sign on an amount that rounds to zero', () => {
    expect(formatSol(-1n, 2)).toBe('0.00');
  });

  it('formats a price string with the dashboard precision', () => {
    expect(formatPrice('12.5', 2)).toBe('12.50');
    expect(formatPrice('12.25', 1)).toBe('12.3');
  });
});

describe('sumLamports', () => {
  it('adds prices exactly where floats would drift', () => {
    expect(sumLamports(['0.1', '0.2'])).toBe(300_000_000n);
    expect(formatSol(sumLamports(['12.50', '0.25', '99999999.99']), 2)).toBe('100000012.74');
  });

  it('makes nothing of an empty list', () => {
    expect(sumLamports([])).toBe(0n);
  });
});

describe('normalizePrice', () => {
  it.each([
    ['12.5', '12.50'],
    ['12', '12.00'],
    [' 0.01 ', '0.01'],
    ['012.30', '12.30'],
    [MAX_PRICE, '99999999.99'],
  ])('normalises "%s" to "%s"', (input, price) => {
    expect(normalizePrice(input)).toBe(price);
  });

  it.each([
    [undefined, 'Price is required'],
    [null, 'Price is required'],
    ['', 'Price is required'],
    ['-1', 'Price must be a positive number in SOL, like 12.50'],
    ['abc', 'Price must be a positive number in SOL, like 12.50'],
    ['1e3', 'Price must be a positive number in SOL, like 12.50'],
    ['0', 'Price must be greater than 0'],
    ['0.00', 'Price must be greater than 0'],
    ['12.505', 'Price can have at most 2 decimal places'],
    ['100000000', 'Price can be at most 99999999.99 SOL'],
    [12.5, 'Price must be a decimal string in SOL, like "12.50"'],
  ])('refuses %j: %s', (input, message) => {
    expect(() => normalizePrice(input)).toThrow(
      expect.objectContaining({ code: 'validation', message }),
    );
  });

  it('refuses a bigint, which is not a decimal string', () => {
    expect(() => normalizePrice(12n)).toThrow(
      'Price must be a decimal string in SOL, like "12.50"',
    );
  });
});
