import type { Signal } from '@preact/signals-react';
import { useEffect, useState, type RefObject } from 'react';
import { useSignal } from '@preact/signals-react/runtime';
import { imageFieldOf, PLACEHOLDER_IMAGE } from '@src/contracts/image-field';
import type { Product } from '@src/domain/entities';
import { normalizePrice } from '@src/domain/money';
import { DEFAULT_HANDLING_DAYS } from '@src/domain/deadlines';
import { DEFAULT_QUANTITY, listingErrors, type FieldError } from '@src/domain/product';
import type { ProductBody } from '@web/api/save-product';

/** The listing dialog's fields as signals: each input re-renders only what reads it. */
export interface ListingDraft {
  name: Signal<string>;
  description: Signal<string>;
  price: Signal<string>;
  category: Signal<string>;
  condition: Signal<string>;
  location: Signal<string>;
  quantity: Signal<string>;
  /** Days to ship after payment (1 to 30). */
  handlingDays: Signal<string>;
  requiresAddress: Signal<boolean>;
  requiresEmail: Signal<boolean>;
  requiresName: Signal<boolean>;
  /** Data URLs of new images and /uploads URLs of kept ones; the first is the main photo. */
  images: Signal<string[]>;
  errors: Signal<FieldError[]>;
}

/** A fresh draft, filled from `product` when editing. */
export function useListingDraft(product: Product | null): ListingDraft {
  return {
    name: useSignal(product?.name ?? ''),
    description: useSignal(product?.description ?? ''),
    price: useSignal(product?.price ?? ''),
    category: useSignal<string>(product?.category ?? ''),
    condition: useSignal<string>(product?.condition ?? ''),
    location: useSignal(product?.location ?? ''),
    quantity: useSignal(String(product?.quantity ?? DEFAULT_QUANTITY)),
    handlingDays: useSignal(String(product?.handlingDays ?? DEFAULT_HANDLING_DAYS)),
    requiresAddress: useSignal(product?.requiresAddress ?? false),
    requiresEmail: useSignal(product?.requiresEmail ?? false),
    requiresName: useSignal(product?.requiresName ?? false),
    images: useSignal(keptImages(product)),
    errors: useSignal<FieldError[]>([]),
  };
}

/**
 * The photos an edit starts from. An image field that could not be read arrives as the
 * placeholder image: it is no photo of the seller's, so the edit starts with none.
 */
const keptImages = (product: Product | null) =>
  (product?.images ?? []).filter((src) => src !== PLACEHOLDER_IMAGE);

/**
 * The draft's values as one text (errors aside), to tell whether anything changed since the form
 * opened. Read without subscribing: it is asked on closing, not while rendering.
 */
export function draftSnapshot(draft: ListingDraft): string {
  const { errors: _errors, ...fields } = draft;
  return JSON.stringify(Object.entries(fields).map(([key, field]) => [key, field.peek()]));
}

/**
 * Keeps `unsaved` answering whether closing would lose something: a value changed since the form
 * opened, or photos still being added (`busy`).
 */
export function useUnsavedCheck(
  unsaved: RefObject<() => boolean>,
  draft: ListingDraft,
  busy: Signal<boolean>,
) {
  const [opened] = useState(() => draftSnapshot(draft));
  useEffect(() => {
    unsaved.current = () => busy.peek() || draftSnapshot(draft) !== opened;
    return () => {
      unsaved.current = () => false;
    };
  });
}

const quantityOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Client validation with the domain's rules (spec section 5); [] when the draft can be sent. */
export function draftErrors(draft: ListingDraft, sellerId: number | null): FieldError[] {
  const errors = listingErrors({
    name: draft.name.value,
    description: draft.description.value,
    price: draft.price.value.trim(),
    category: draft.category.value,
    condition: draft.condition.value,
    location: draft.location.value,
    quantity: quantityOf(draft.quantity.value),
    handlingDays: quantityOf(draft.handlingDays.value),
  });
  if (!sellerId) errors.push({ field: 'sellerId', message: 'Sign in to list a product' });
  return errors;
}

/** The body of POST/PUT /api/products for a valid draft. */
export function draftBody(draft: ListingDraft, sellerId: number, editing: Product | null) {
  const location = draft.location.value.trim();
  const images = draft.images.value;
  const body: ProductBody = {
    name: draft.name.value.trim(),
    description: draft.description.value.trim(),
    price: normalizePrice(draft.price.value.trim()),
    category: draft.category.value,
    condition: draft.condition.value,
    location: location === '' ? null : location,
    status: editing?.status === 'inactive' ? 'inactive' : 'active',
    quantity: quantityOf(draft.quantity.value),
    handlingDays: quantityOf(draft.handlingDays.value),
    requiresAddress: draft.requiresAddress.value,
    requiresEmail: draft.requiresEmail.value,
    requiresName: draft.requiresName.value,
    sellerId,
    imageUrl: imageFieldOf(images),
  };
  return body;
}
