import { request } from './client';

export const getEscrowWallet = () => request<{ walletAddress: string }>('/api/escrow/wallet');
