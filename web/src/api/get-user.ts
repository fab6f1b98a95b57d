import type { User } from '../../../src/domain/entities';
import { request } from './client';

export const getUser = (id: number) => request<User>(`/api/users/${id}`);
