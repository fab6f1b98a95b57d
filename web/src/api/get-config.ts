import { request } from './client';

export type Cluster = 'localnet' | 'devnet' | 'testnet' | 'mainnet-beta' | 'custom';

export interface ChainConfig {
  cluster: Cluster;
  rpcUrl: string;
  escrowWallet: string;
}

export const getConfig = () => request<ChainConfig>('/api/config');
