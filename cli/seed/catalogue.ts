import { CATEGORIES, CONDITIONS, type ListingInput } from '@src/domain/product';
import { ITEMS, LOCATIONS } from './words';
import { rng, type Rng } from './random';

/** A listing as the seed sends it: the domain's listing fields. */
export type SeedListing = ListingInput;

/** A price in SOL with two decimals, mostly small with a long tail: exact decimal text. */
function price(r: Rng): string {
  const band = r.next();
  const cents =
    band < 0.5
      ? r.int(5, 999)
      : band < 0.85
        ? r.int(1_000, 9_999)
        : band < 0.97
          ? r.int(10_000, 49_999)
          : r.int(50_000, 250_000);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Two different sentences: a second pick equal to the first takes the one after it. */
function twoBlurbs(first: string, second: string, all: readonly string[]): string {
  const other = second === first ? all[(all.indexOf(first) + 1) % all.length]! : second;
  return `${first} ${other}`;
}

/**
 * The `index`-th listing of the seed catalogue, the same on every run; names end in `#n` so a
 * second run can tell what exists. Categories and conditions cycle so all of them appear.
 */
export function listing(index: number): SeedListing {
  const r = rng(index * 7919 + 17);
  const category = CATEGORIES[index % CATEGORIES.length]!;
  // 4 categories and 5 conditions: the first 20 products hold every pair.
  const condition = CONDITIONS[index % CONDITIONS.length]!;
  const item = ITEMS[category];
  const noun = r.pick(item.nouns);
  const adjective = r.pick(item.adjectives);
  const physical = category === 'physical-items';
  return {
    name: `${adjective} ${noun} #${index + 1}`,
    description: `${adjective} ${noun.toLowerCase()} in ${condition.replace('_', ' ')} condition. ${twoBlurbs(r.pick(item.blurb), r.pick(item.blurb), item.blurb)}`,
    price: price(r),
    category,
    condition,
    // Digital goods go out the same day or the next; parcels take a few days.
    handlingDays: category === 'physical-items' ? 2 + (index % 4) : 1 + (index % 2),
    location: physical || r.chance(0.5) ? r.pick(LOCATIONS) : null,
    quantity: r.chance(0.6) ? 1 : r.int(2, 25),
    requiresAddress: physical && r.chance(0.8),
    requiresEmail: !physical ? r.chance(0.6) : r.chance(0.2),
    requiresName: r.chance(physical ? 0.6 : 0.15),
  };
}

/** Contact details a buyer sends when the product asks for them. */
export function contactFor(
  product: Pick<SeedListing, 'requiresAddress' | 'requiresEmail' | 'requiresName'>,
  buyerNumber: number,
) {
  return {
    buyerEmail: product.requiresEmail ? `buyer${buyerNumber}@example.com` : undefined,
    buyerAddress: product.requiresAddress
      ? `${10 + buyerNumber} Seed Street, Springfield`
      : undefined,
    buyerName: product.requiresName ? `Seed Buyer ${buyerNumber}` : undefined,
  };
}
