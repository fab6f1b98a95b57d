import { hiddenCharactersError } from './text';
import { validation } from './errors';
import { DEFAULT_HANDLING_DAYS, handlingDaysError } from './deadlines';
import { normalizePrice } from './money';

export const CATEGORIES = ['digital-goods', 'physical-items', 'services', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_LABELS: Record<Category, string> = {
  'digital-goods': 'Digital Goods',
  'physical-items': 'Physical Items',
  services: 'Services',
  other: 'Other',
};

export const CONDITIONS = ['new', 'like_new', 'good', 'fair', 'poor'] as const;
export type Condition = (typeof CONDITIONS)[number];

/**
 * active, sold, inactive and deleted come from the spec (deleted = removed by an admin).
 * removed = the seller deleted a product that has orders: it leaves every list but stays
 * readable for its orders.
 */
export const PRODUCT_STATUSES = ['active', 'sold', 'inactive', 'deleted', 'removed'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const MAX_IMAGES = 5;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 800;
export const JPEG_QUALITY = 0.8;
export const DEFAULT_QUANTITY = 1;
export const MAX_QUANTITY = 1_000_000;
/** The longest a listing's texts may be, in characters once trimmed. */
export const MAX_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_LOCATION_LENGTH = 200;

/** "like_new" -> "Like new": underscore replaced by a space, capitalised (spec, product card). */
export function conditionLabel(condition: string): string {
  const spaced = condition.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Units still for sale: quantity minus soldQuantity, never below zero. */
export function available(product: { quantity: number; soldQuantity: number }): number {
  return Math.max(0, product.quantity - product.soldQuantity);
}

/** Whether a buyer may still pay for this product. */
export function isPurchasable(product: {
  status: string;
  quantity: number;
  soldQuantity: number;
}): boolean {
  return product.status === 'active' && available(product) > 0;
}

export interface ListingInput {
  name: string;
  description: string;
  price: string;
  category: Category;
  condition: Condition;
  location: string | null;
  quantity: number;
  requiresAddress: boolean;
  requiresEmail: boolean;
  requiresName: boolean;
  handlingDays: number;
}

export interface FieldError {
  field: string;
  message: string;
}

const requiredText: [keyof ListingInput, string][] = [
  ['name', 'Product name is required'],
  ['description', 'Description is required'],
];

const textLimits: [keyof ListingInput, string, number, 'one line' | 'lines'][] = [
  ['name', 'Product name', MAX_NAME_LENGTH, 'one line'],
  ['description', 'Description', MAX_DESCRIPTION_LENGTH, 'lines'],
  ['location', 'Location', MAX_LOCATION_LENGTH, 'one line'],
];

/**
 * Validates a listing as the form sends it. Returns every problem, each with the spec's message
 * where it has one; an empty list means the listing is valid.
 */
export function listingErrors(input: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, message] of requiredText) {
    const value = input[field];
    if (typeof value !== 'string' || value.trim() === '') errors.push({ field, message });
  }
  // Every visitor's catalogue page carries these texts: a listing cannot make it heavy.
  for (const [field, label, max, lines] of textLimits) {
    const value = input[field];
    if (typeof value !== 'string') continue;
    if (value.trim().length > max) {
      errors.push({ field, message: `${label} can be at most ${max} characters` });
    }
    const hidden = hiddenCharactersError(label, value.trim(), lines);
    if (hidden) errors.push({ field, message: hidden });
  }
  try {
    normalizePrice(input.price);
  } catch (error) {
    errors.push({ field: 'price', message: (error as Error).message });
  }
  if (!input.category) errors.push({ field: 'category', message: 'Category is required' });
  else if (!CATEGORIES.includes(input.category as Category)) {
    errors.push({ field: 'category', message: `Category must be one of ${CATEGORIES.join(', ')}` });
  }
  if (!input.condition) errors.push({ field: 'condition', message: 'Condition is required' });
  else if (!CONDITIONS.includes(input.condition as Condition)) {
    errors.push({
      field: 'condition',
      message: `Condition must be one of ${CONDITIONS.join(', ')}`,
    });
  }
  const quantity = input.quantity ?? DEFAULT_QUANTITY;
  if (typeof quantity === 'number' && quantity >= 1 && !Number.isInteger(quantity)) {
    errors.push({ field: 'quantity', message: 'Quantity must be a whole number' });
  } else if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
    errors.push({ field: 'quantity', message: 'Quantity must be at least 1' });
  } else if (quantity > MAX_QUANTITY) {
    errors.push({ field: 'quantity', message: `Quantity can be at most ${MAX_QUANTITY}` });
  }
  if (
    input.location !== undefined &&
    input.location !== null &&
    typeof input.location !== 'string'
  ) {
    errors.push({ field: 'location', message: 'Location must be text' });
  }
  for (const flag of ['requiresAddress', 'requiresEmail', 'requiresName']) {
    if (input[flag] !== undefined && typeof input[flag] !== 'boolean') {
      errors.push({ field: flag, message: `${flag} must be true or false` });
    }
  }
  if (input.handlingDays !== undefined && input.handlingDays !== null) {
    const problem = handlingDaysError(input.handlingDays);
    if (problem) errors.push({ field: 'handlingDays', message: problem });
  }
  return errors;
}

/** Validates and normalises a listing; throws the first problem as a validation error. */
export function parseListing(input: Record<string, unknown>): ListingInput {
  const errors = listingErrors(input);
  if (errors.length > 0) throw validation(errors[0]!.message, { fields: errors });
  const location = typeof input.location === 'string' ? input.location.trim() : '';
  return {
    name: (input.name as string).trim(),
    description: (input.description as string).trim(),
    price: normalizePrice(input.price),
    category: input.category as Category,
    condition: input.condition as Condition,
    location: location === '' ? null : location,
    quantity: (input.quantity as number | undefined) ?? DEFAULT_QUANTITY,
    requiresAddress: input.requiresAddress === true,
    requiresEmail: input.requiresEmail === true,
    requiresName: input.requiresName === true,
    handlingDays: (input.handlingDays as number | undefined) ?? DEFAULT_HANDLING_DAYS,
  };
}
