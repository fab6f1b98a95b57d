import { isNotFound, request } from './client';

export interface DevWalletKey {
  label: 'Demo Buyer' | 'Demo Seller' | 'Admin (escrow)';
  role: 'buyer' | 'seller' | 'admin';
  publicKey: string;
  secretKey: number[];
}

/** Demo wallets exist only on the embedded local chain; elsewhere the answer is 404 -> []. */
export async function getDevWallets(): Promise<DevWalletKey[]> {
  try {
    return await request<DevWalletKey[]>('/api/dev/wallets');
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}
