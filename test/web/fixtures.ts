import { Keypair } from '@solana/web3.js';
import type { Product, User } from '@src/domain/entities';

/** Fixed keys so signatures are real ed25519 and addresses are stable across runs. */
const seeded = (n: number) =>
  Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + n) % 256));

export const buyerKeys = seeded(1);
export const sellerKeys = seeded(2);
export const escrowKeys = seeded(3);
export const adminKeys = escrowKeys;

export const RPC_URL = 'http://127.0.0.1:8899';

export const buyerUser: User = {
  id: 7,
  walletAddress: buyerKeys.publicKey.toBase58(),
  username: '',
  createdAt: '2025-01-02T00:00:00.000Z',
};

export const sellerUser: User = {
  id: 3,
  walletAddress: sellerKeys.publicKey.toBase58(),
  username: 'seller',
  createdAt: '2025-01-01T00:00:00.000Z',
};

export const adminUser: User = {
  id: 1,
  walletAddress: adminKeys.publicKey.toBase58(),
  username: 'admin',
  createdAt: '2025-01-01T00:00:00.000Z',
};

let nextProductId = 100;

/** A marketplace product with sensible defaults; override any field. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? nextProductId++;
  return {
    id,
    name: `Product ${id}`,
    description: 'A well kept item, described in plain words.',
    price: '1.50',
    category: 'physical-items',
    condition: 'like_new',
    sellerId: sellerUser.id,
    status: 'active',
    location: 'Lisbon',
    images: [`/uploads/img-${id}.jpg`],
    requiresAddress: false,
    requiresEmail: false,
    requiresName: false,
    quantity: 3,
    soldQuantity: 1,
    handlingDays: 3,
    createdAt: '2025-02-01T10:00:00.000Z',
    ...overrides,
  };
}
