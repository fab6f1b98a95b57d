import { describe, expect, it } from 'vitest';
import { contactErrors } from '@src/domain/contact';
import { messageProblem } from '@src/domain/dispute';
import { listingErrors } from '@src/domain/product';
import { reviewText } from '@src/domain/review';
import { hiddenCharactersError } from '@src/domain/text';
import { parseTracking } from '@src/domain/tracking';

const HIDDEN = 'cannot contain control characters or text-direction overrides';

describe('hiddenCharactersError', () => {
  it.each([
    ['escape', 'Lamp\u001b[2J'],
    ['bell', 'Lamp\u0007'],
    ['delete', 'Lamp\u007f'],
    ['a C1 control (CSI)', 'Lamp\u009b2J'],
    ['a right-to-left override', 'Lamp\u202egnp.exe'],
    ['an isolate', 'Lamp\u2066x\u2069'],
    ['a line break, in one line', 'Lamp\n  Amount: 0.01 SOL'],
    ['a carriage return, in one line', 'Lamp\rFAKE'],
  ])('refuses %s', (_, text) => {
    expect(hiddenCharactersError('Product name', text)).toBe(`Product name ${HIDDEN}`);
  });

  it('lets text of several lines keep its tabs and line breaks, and nothing else', () => {
    expect(hiddenCharactersError('Description', 'One\r\n\ttwo\nthree', 'lines')).toBeNull();
    expect(hiddenCharactersError('Description', 'One\n\u001b[8mtwo', 'lines')).toBe(
      `Description ${HIDDEN}`,
    );
  });

  it('leaves letters of every script, emoji joined by zero-width joiners and marks alone', () => {
    for (const text of ['Ünïcödé', 'שלום עולם', 'مرحبا\u200f', 'नमस्ते', '👩‍👩‍👧', 'Lamp\u00a0B'])
      expect(hiddenCharactersError('Product name', text)).toBeNull();
  });
});

describe('every text a person writes is held to it', () => {
  const listing = {
    name: 'Lamp',
    description: 'A lamp',
    price: '1.00',
    category: 'other',
    condition: 'new',
  };

  it('a listing: name and location on one line, the description on several', () => {
    expect(listingErrors({ ...listing, description: 'A\nlamp', location: 'Berlin' })).toEqual([]);
    expect(listingErrors({ ...listing, location: 'Berlin\u001b]52;c;QQ==\u0007' })).toEqual([
      { field: 'location', message: `Location ${HIDDEN}` },
    ]);
    expect(listingErrors({ ...listing, name: 'Lamp\u202e' })).toEqual([
      { field: 'name', message: `Product name ${HIDDEN}` },
    ]);
  });

  it('a tracking number', () => {
    expect(() => parseTracking('TRK\u001b[2J\u001b[H', 0)).toThrow(`Tracking number ${HIDDEN}`);
  });

  it('a message, a review and an answer, which keep their line breaks', () => {
    expect(messageProblem('Where is it?\r\nStill waiting', 0)).toBeNull();
    expect(messageProblem('a\u0001b', 0)).toBe(`A message ${HIDDEN}`);
    expect(reviewText('Great\nseller', 'A review')).toBe('Great\nseller');
    expect(() => reviewText('Great\u001b[1A', 'A review')).toThrow(`A review ${HIDDEN}`);
    expect(() => reviewText('Thanks\u009b', 'An answer')).toThrow(`An answer ${HIDDEN}`);
  });

  it('the contact details a buyer gives the seller', () => {
    const needs = { requiresEmail: true, requiresAddress: true, requiresName: true };
    const good = { buyerEmail: 'a@b.io', buyerAddress: '1 Road\nTown', buyerName: 'Ann' };
    expect(contactErrors(good, needs)).toEqual([]);
    expect(
      contactErrors(
        { buyerEmail: 'a\u001b@b.io', buyerAddress: '1 Road\u0007', buyerName: 'Ann\nB' },
        needs,
      ),
    ).toEqual([
      { field: 'buyerEmail', message: `Email address ${HIDDEN}` },
      { field: 'buyerAddress', message: `Shipping address ${HIDDEN}` },
      { field: 'buyerName', message: `Full name ${HIDDEN}` },
    ]);
  });
});
