import { getAdminCheck as check } from '@src/contracts/users';
import { call } from './client';

export const getAdminCheck = (walletAddress: string) => call(check, { params: { walletAddress } });
