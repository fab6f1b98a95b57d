import { getEscrowWallet as escrowWallet } from '@src/contracts/users';
import { call } from './client';

export const getEscrowWallet = () => call(escrowWallet, {});
