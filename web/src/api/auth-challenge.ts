import { challenge } from '@src/contracts/auth';
import { call } from './client';

export const postAuthChallenge = (walletAddress: string) =>
  call(challenge, { body: { walletAddress } });
