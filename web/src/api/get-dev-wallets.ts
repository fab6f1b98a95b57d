import { devWallets, type DevWallet } from '@src/contracts/meta';
import { call, isNotFound } from './client';

/** Demo wallets exist only on the embedded local chain; elsewhere the answer is 404 -> []. */
export async function getDevWallets(): Promise<DevWallet[]> {
  try {
    return await call(devWallets, {});
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}
