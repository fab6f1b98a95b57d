import { CATEGORIES, CATEGORY_LABELS } from '@src/domain/product';

/** The filter buttons of spec section 2, in order, with their ids. */
export const CATEGORY_FILTERS: { id: string; label: string }[] = [
  { id: 'all', label: 'All Categories' },
  ...CATEGORIES.map((id) => ({ id, label: CATEGORY_LABELS[id] })),
];
