import { hiddenCharactersError } from '../domain/text';
import { z } from 'zod';
import { endpoint } from './endpoint';
import { idText, jsonObject, none, walletAddress } from './fields';
import { userWire } from './wire';

export const getUserByWallet = endpoint({
  method: 'GET',
  path: '/api/users/wallet/:walletAddress',
  params: z.object({ walletAddress: z.string() }),
  query: none,
  body: null,
  answer: userWire,
  spec: true,
  summary: 'the user of a wallet; 404 when it has none yet',
});

export const createUser = endpoint({
  method: 'POST',
  path: '/api/users',
  params: none,
  query: none,
  body: jsonObject({
    walletAddress: walletAddress(),
    username: z
      .string({ error: 'username must be text of at most 50 characters' })
      .max(50, 'username must be text of at most 50 characters')
      .nullish()
      .transform((name) => (name ?? '').trim())
      .superRefine((name, ctx) => {
        const hidden = hiddenCharactersError('username', name);
        if (hidden) ctx.addIssue({ code: 'custom', message: hidden });
      }),
  }),
  answer: userWire,
  status: 201,
  spec: true,
  summary: 'creates the signed-in wallet’s user',
});

export const getUser = endpoint({
  method: 'GET',
  path: '/api/users/:id',
  params: z.object({ id: idText('user id') }),
  query: none,
  body: null,
  answer: userWire,
  spec: true,
  summary: 'a user by id (the seller’s wallet before buying)',
});

export const getAdminCheck = endpoint({
  method: 'GET',
  path: '/api/admin/check/:walletAddress',
  params: z.object({ walletAddress: z.string() }),
  query: none,
  body: null,
  answer: z.object({ isAdmin: z.boolean() }),
  spec: true,
  summary: 'whether a wallet is an admin',
});

export const getEscrowWallet = endpoint({
  method: 'GET',
  path: '/api/escrow/wallet',
  params: none,
  query: none,
  body: null,
  answer: z.object({ walletAddress: z.string() }),
  spec: true,
  summary: 'the escrow wallet buyers pay into',
});
