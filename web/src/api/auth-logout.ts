import { request } from './client';

export const postAuthLogout = () => request<void>('/api/auth/logout', { method: 'POST' });
