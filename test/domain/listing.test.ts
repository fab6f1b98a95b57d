import { describe, expect, it } from 'vitest';
import { DomainError } from '@src/domain/errors';
import { listingErrors, parseListing } from '@src/domain/product';

const valid = () => ({
  name: 'Vintage camera',
  description: 'Works well',
  price: '12.5',
  category: 'physical-items',
  condition: 'like_new',
});

const messages = (input: Record<string, unknown>) =>
  listingErrors(input).map((error) => `${error.field}: ${error.message}`);

describe('listingErrors', () => {
  it('finds nothing wrong with a complete listing', () => {
    expect(listingErrors(valid())).toEqual([]);
  });

  it('names every missing required field', () => {
    expect(messages({})).toEqual([
      'name: Product name is required',
      'description: Description is required',
      'price: Price is required',
      'category: Category is required',
      'condition: Condition is required',
    ]);
  });

  it('takes a name of only spaces as missing', () => {
    expect(messages({ ...valid(), name: '   ' })).toEqual(['name: Product name is required']);
  });

  it('says a quantity of 1.5 must be a whole number', () => {
    expect(messages({ ...valid(), quantity: 1.5 })).toEqual([
      'quantity: Quantity must be a whole number',
    ]);
  });

  it.each([0, -1, 0.5, '3', null])('says "Quantity must be at least 1" for %j', (quantity) => {
    const input = { ...valid(), quantity };
    // null counts as absent, which defaults to 1.
    const expected = quantity === null ? [] : ['quantity: Quantity must be at least 1'];
    expect(messages(input)).toEqual(expected);
  });

  it('caps the quantity', () => {
    expect(messages({ ...valid(), quantity: 1_000_001 })).toEqual([
      'quantity: Quantity can be at most 1000000',
    ]);
  });

  it('caps the name, the description and the location (trimmed), each by its own limit', () => {
    const at = { ...valid(), name: 'n'.repeat(200), description: 'd'.repeat(5000) };
    expect(messages({ ...at, location: ` ${'l'.repeat(200)} ` })).toEqual([]);
    expect(
      messages({
        ...at,
        name: 'n'.repeat(201),
        description: 'd'.repeat(5001),
        location: 'l'.repeat(201),
      }),
    ).toEqual([
      'name: Product name can be at most 200 characters',
      'description: Description can be at most 5000 characters',
      'location: Location can be at most 200 characters',
    ]);
  });

  it('refuses an unknown category and condition, listing the known ones', () => {
    expect(messages({ ...valid(), category: 'weapons', condition: 'broken' })).toEqual([
      'category: Category must be one of digital-goods, physical-items, services, other',
      'condition: Condition must be one of new, like_new, good, fair, poor',
    ]);
  });

  it('passes on the price rule message', () => {
    expect(messages({ ...valid(), price: '1.234' })).toEqual([
      'price: Price can have at most 2 decimal places',
    ]);
  });

  it('refuses a location that is not text and flags that are not booleans', () => {
    expect(messages({ ...valid(), location: 5, requiresEmail: 'yes' })).toEqual([
      'location: Location must be text',
      'requiresEmail: requiresEmail must be true or false',
    ]);
  });
});

describe('parseListing', () => {
  it('trims the text, normalises the price and fills the defaults', () => {
    expect(
      parseListing({ ...valid(), name: '  Vintage camera ', description: ' Works well\n' }),
    ).toEqual({
      name: 'Vintage camera',
      description: 'Works well',
      price: '12.50',
      category: 'physical-items',
      condition: 'like_new',
      location: null,
      quantity: 1,
      requiresAddress: false,
      requiresEmail: false,
      requiresName: false,
      handlingDays: 3,
    });
  });

  it('refuses a handling time outside 1 to 30 days', () => {
    for (const handlingDays of [0, 31, 2.5]) {
      expect(messages({ ...valid(), handlingDays })).toEqual([
        'handlingDays: Handling time must be a whole number of days from 1 to 30',
      ]);
    }
  });

  it('keeps a trimmed location, the quantity and the contact flags', () => {
    const listing = parseListing({
      ...valid(),
      location: ' Berlin ',
      quantity: 3,
      requiresAddress: true,
      requiresEmail: true,
      requiresName: true,
    });
    expect(listing).toMatchObject({
      location: 'Berlin',
      quantity: 3,
      requiresAddress: true,
      requiresEmail: true,
      requiresName: true,
    });
  });

  it('makes a blank location null', () => {
    expect(parseListing({ ...valid(), location: '   ' }).location).toBeNull();
  });

  it('throws the first problem as a validation error carrying all of them', () => {
    let caught: unknown;
    try {
      parseListing({ ...valid(), name: '', quantity: 0 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect(caught).toMatchObject({
      code: 'validation',
      message: 'Product name is required',
      details: {
        fields: [
          { field: 'name', message: 'Product name is required' },
          { field: 'quantity', message: 'Quantity must be at least 1' },
        ],
      },
    });
  });
});
