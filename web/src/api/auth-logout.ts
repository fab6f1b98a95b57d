import { logout } from '@src/contracts/auth';
import { call } from './client';

export const postAuthLogout = () => call(logout, {});
