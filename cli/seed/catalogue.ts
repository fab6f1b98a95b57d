import { CATEGORIES, CONDITIONS, type Category, type Condition } from '../../src/domain/product';
import { rng, type Rng } from './random';

export interface SeedListing {
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
}

const ITEMS: Record<Category, { nouns: string[]; adjectives: string[]; blurb: string[] }> = {
  'digital-goods': {
    nouns: [
      'E-book',
      'Icon Pack',
      'Font Family',
      'Lightroom Presets',
      'Sample Library',
      'Website Template',
      'Stock Photo Bundle',
      'Game Key',
      'Online Course',
      'Sound Effects Pack',
    ],
    adjectives: [
      'Minimalist',
      'Retro',
      'Pro',
      'Complete',
      'Indie',
      'Cinematic',
      'Starter',
      'Premium',
    ],
    blurb: [
      'Instant download after payment.',
      'Licensed for personal and commercial use.',
      'Delivered as a ZIP archive.',
      'Includes lifetime updates.',
    ],
  },
  'physical-items': {
    nouns: [
      'Leather Wallet',
      'Mechanical Keyboard',
      'Ceramic Mug',
      'Film Camera',
      'Desk Lamp',
      'Wool Scarf',
      'Vinyl Record',
      'Road Bike Helmet',
      'Chess Set',
      'Backpack',
    ],
    adjectives: [
      'Vintage',
      'Handmade',
      'Walnut',
      'Compact',
      'Waterproof',
      'Limited Edition',
      'Classic',
      'Hand-painted',
    ],
    blurb: [
      'Ships within two business days.',
      'Carefully packed and tracked.',
      'Smoke-free home.',
      'Original box included.',
    ],
  },
  services: {
    nouns: [
      'Logo Design',
      'Code Review',
      'Translation',
      'Guitar Lesson',
      'Resume Edit',
      'Smart Contract Audit',
      'Portrait Sketch',
      'SEO Report',
      'Mixing & Mastering',
      'Tax Consultation',
    ],
    adjectives: [
      'Express',
      'One-hour',
      'Detailed',
      'Friendly',
      'Professional',
      'Weekend',
      'Beginner',
      'Expert',
    ],
    blurb: [
      'Delivered within a week.',
      'Two rounds of revisions included.',
      'Scheduled over video call.',
      'Message me with your requirements after ordering.',
    ],
  },
  other: {
    nouns: [
      'Mystery Box',
      'Gift Card',
      'Event Ticket',
      'Seed Packet Set',
      'Puzzle',
      'Sticker Pack',
      'Postcard Set',
      'Membership',
    ],
    adjectives: ['Surprise', 'Seasonal', 'Collector', 'Local', 'Family', 'Rare', 'Festival', 'Eco'],
    blurb: [
      'A little something different.',
      'Great as a present.',
      'Only a few made.',
      'Ask me anything before buying.',
    ],
  },
};

const LOCATIONS = [
  'Berlin, DE',
  'Lisbon, PT',
  'Austin, TX',
  'Toronto, CA',
  'Osaka, JP',
  'Nairobi, KE',
  'Melbourne, AU',
  'Buenos Aires, AR',
  'Seoul, KR',
  'Remote',
];

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

/**
 * The `index`-th listing of the seed catalogue, the same on every run; names end in `#n` so a
 * second run can tell what exists. Categories and conditions cycle so all of them appear.
 */
export function listing(index: number): SeedListing {
  const r = rng(index * 7919 + 17);
  const category = CATEGORIES[index % CATEGORIES.length]!;
  const condition = CONDITIONS[Math.floor(index / CATEGORIES.length) % CONDITIONS.length]!;
  const item = ITEMS[category];
  const noun = r.pick(item.nouns);
  const adjective = r.pick(item.adjectives);
  const physical = category === 'physical-items';
  return {
    name: `${adjective} ${noun} #${index + 1}`,
    description: `${adjective} ${noun.toLowerCase()} in ${condition.replace('_', ' ')} condition. ${r.pick(item.blurb)} ${r.pick(item.blurb)}`,
    price: price(r),
    category,
    condition,
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
