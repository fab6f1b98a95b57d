import { verify } from '@src/contracts/auth';
import type { AnswerOf, BodyIn } from '@src/contracts/endpoint';
import { call } from './client';

export type Verified = AnswerOf<typeof verify>;

/** `signature` is the base58 ed25519 signature of the message's UTF-8 bytes. */
export const postAuthVerify = (body: BodyIn<typeof verify>) => call(verify, { body });
