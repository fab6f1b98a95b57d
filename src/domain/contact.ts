import type { FieldError } from './product';
import { hiddenCharactersError } from './text';

export interface ContactRequirements {
  requiresEmail: boolean;
  requiresAddress: boolean;
  requiresName: boolean;
}

export interface ContactDetails {
  buyerEmail?: string | null;
  buyerAddress?: string | null;
  buyerName?: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_CONTACT_LENGTH = 500;

/**
 * The purchase contact form rules (spec section 5): only the fields the product requires are
 * checked, with the spec's messages.
 */
export function contactErrors(details: ContactDetails, needs: ContactRequirements): FieldError[] {
  const errors: FieldError[] = [];
  const email = details.buyerEmail?.trim() ?? '';
  const address = details.buyerAddress?.trim() ?? '';
  const name = details.buyerName?.trim() ?? '';
  if (needs.requiresEmail) {
    if (!email) errors.push({ field: 'buyerEmail', message: 'Email is required' });
    else if (!EMAIL.test(email)) {
      errors.push({ field: 'buyerEmail', message: 'Please enter a valid email address' });
    }
  }
  if (needs.requiresAddress && !address) {
    errors.push({ field: 'buyerAddress', message: 'Shipping address is required' });
  }
  if (needs.requiresName && !name) {
    errors.push({ field: 'buyerName', message: 'Full name is required' });
  }
  const texts: [string, string, string, 'one line' | 'lines'][] = [
    ['buyerEmail', 'Email address', email, 'one line'],
    ['buyerAddress', 'Shipping address', address, 'lines'],
    ['buyerName', 'Full name', name, 'one line'],
  ];
  for (const [field, label, value, lines] of texts) {
    if (value.length > MAX_CONTACT_LENGTH) {
      errors.push({ field, message: `${field} can be at most ${MAX_CONTACT_LENGTH} characters` });
    }
    const hidden = hiddenCharactersError(label, value, lines);
    if (hidden) errors.push({ field, message: hidden });
  }
  return errors;
}
