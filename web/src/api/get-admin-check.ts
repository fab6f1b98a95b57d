import { request } from './client';

export const getAdminCheck = (walletAddress: string) =>
  request<{ isAdmin: boolean }>(`/api/admin/check/${encodeURIComponent(walletAddress)}`);
