import { getUser as user } from '@src/contracts/users';
import { call } from './client';

export const getUser = (id: number) => call(user, { params: { id } });
