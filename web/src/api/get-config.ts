import type { AnswerOf } from '@src/contracts/endpoint';
import { config } from '@src/contracts/meta';
import { call } from './client';

export type ChainConfig = AnswerOf<typeof config>;

export const getConfig = () => call(config, {});
