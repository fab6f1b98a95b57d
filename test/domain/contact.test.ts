import { describe, expect, it } from 'vitest';
import { MAX_CONTACT_LENGTH, contactErrors } from '@src/domain/contact';

const ALL = { requiresEmail: true, requiresAddress: true, requiresName: true };
const NONE = { requiresEmail: false, requiresAddress: false, requiresName: false };
const messages = (...args: Parameters<typeof contactErrors>) =>
  contactErrors(...args).map((error) => error.message);

describe('contactErrors', () => {
  it('accepts complete details', () => {
    const details = { buyerEmail: 'a@b.co', buyerAddress: '1 Main St', buyerName: 'Ann' };
    expect(contactErrors(details, ALL)).toEqual([]);
  });

  it('asks for every required field with the spec messages', () => {
    expect(contactErrors({}, ALL)).toEqual([
      { field: 'buyerEmail', message: 'Email is required' },
      { field: 'buyerAddress', message: 'Shipping address is required' },
      { field: 'buyerName', message: 'Full name is required' },
    ]);
  });

  it('takes blank or null values as missing', () => {
    expect(messages({ buyerEmail: '  ', buyerAddress: null, buyerName: '\t' }, ALL)).toEqual([
      'Email is required',
      'Shipping address is required',
      'Full name is required',
    ]);
  });

  it.each(['not-an-email', 'a@b', '@b.co', 'a b@c.de', 'a@b .co'])(
    'refuses %j as an email address',
    (email) => {
      expect(messages({ buyerEmail: email }, { ...NONE, requiresEmail: true })).toEqual([
        'Please enter a valid email address',
      ]);
    },
  );

  it('accepts an email address with spaces around it', () => {
    expect(
      contactErrors({ buyerEmail: ' ann@example.com ' }, { ...NONE, requiresEmail: true }),
    ).toEqual([]);
  });

  it('checks only the fields the product requires', () => {
    expect(contactErrors({ buyerEmail: 'not-an-email' }, NONE)).toEqual([]);
    expect(messages({}, { ...NONE, requiresName: true })).toEqual(['Full name is required']);
    expect(messages({}, { ...NONE, requiresAddress: true })).toEqual([
      'Shipping address is required',
    ]);
  });

  it('caps the length of each field', () => {
    const long = 'x'.repeat(MAX_CONTACT_LENGTH + 1);
    expect(contactErrors({ buyerAddress: long }, NONE)).toEqual([
      {
        field: 'buyerAddress',
        message: `buyerAddress can be at most ${MAX_CONTACT_LENGTH} characters`,
      },
    ]);
    expect(contactErrors({ buyerAddress: 'x'.repeat(MAX_CONTACT_LENGTH) }, NONE)).toEqual([]);
  });
});
