import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { health } from '@src/contracts/meta';
import { adminOrders } from '@src/contracts/orders';
import { listPayments } from '@src/contracts/payments';
import { getProduct } from '@src/contracts/products';
import { ApiError, call } from '@web/api/client';
import { getUserByWallet } from '@web/api/get-user-by-wallet';
import { makeProduct } from '../handlers';
import { server } from '../setup';
import { wire } from '../wire';

const failWith = (response: () => Response) => server.use(http.get('/api/health', response));
const request = () => call(health, {});

describe('API client errors (spec section 8)', () => {
  it('uses the JSON error field', async () => {
    failWith(() => HttpResponse.json({ error: 'Product not found' }, { status: 404 }));
    await expect(request()).rejects.toMatchObject({
      status: 404,
      message: 'Product not found',
    });
  });

  it('uses the response text when it is not JSON with an error field', async () => {
    failWith(() => new HttpResponse('Bad gateway upstream', { status: 502 }));
    await expect(request()).rejects.toThrow('Bad gateway upstream');
  });

  it('uses the status text when the body is empty', async () => {
    failWith(() => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(request()).rejects.toThrow('Service Unavailable');
  });

  it('sends credentials with every call', async () => {
    let credentials: RequestCredentials | undefined;
    server.use(
      http.get('/api/health', ({ request: r }) => {
        credentials = r.credentials;
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(request()).resolves.toEqual({ ok: true });
    expect(credentials).toBe('include');
  });

  it('treats a missing user as null and other failures as Failed to fetch user', async () => {
    await expect(getUserByWallet('NoSuchWallet')).resolves.toBeNull();
    server.use(
      http.get('/api/users/wallet/:w', () => HttpResponse.json({ error: 'x' }, { status: 500 })),
    );
    const error = await getUserByWallet('W').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('Failed to fetch user');
  });
});

describe('API client answers (src/contracts)', () => {
  it('decodes an answer into the domain entity', async () => {
    server.use(
      http.get('/api/products/:id', () =>
        HttpResponse.json(
          wire(getProduct, makeProduct({ id: 5, images: ['/uploads/a.jpg', '/uploads/b.jpg'] })),
        ),
      ),
    );
    const product = await call(getProduct, { params: { id: 5 } });
    expect(product.images).toEqual(['/uploads/a.jpg', '/uploads/b.jpg']);
  });

  it('reads lamports as an exact bigint', async () => {
    server.use(
      http.get('/api/admin/payments', () =>
        HttpResponse.json([
          {
            id: 1,
            signature: 'Sig',
            payerWallet: 'Wallet',
            lamports: '9007199254740993',
            productId: null,
            orderId: null,
            status: 'refund_due',
            reason: null,
            refundSignature: null,
            createdAt: '2025-03-07T12:00:00.000Z',
          },
        ]),
      ),
    );
    const [payment] = await call(listPayments, { query: { walletAddress: 'W' } });
    expect(payment!.lamports).toBe(9_007_199_254_740_993n);
  });

  it('fails with the error field of a 2xx answer (spec section 7)', async () => {
    server.use(http.get('/api/health', () => HttpResponse.json({ error: 'Storage is full' })));
    await expect(request()).rejects.toMatchObject({ status: 200, message: 'Storage is full' });
  });

  it('refuses an answer that breaks the contract', async () => {
    server.use(http.get('/api/health', () => HttpResponse.json({ ok: 'yes' })));
    await expect(request()).rejects.toThrow('The server sent an unreadable answer');
  });

  it('builds the URL from the contract: path parameters encoded, empty query values left out', async () => {
    let url = '';
    server.use(
      http.get('/api/admin/escrow-orders', ({ request: r }) => {
        url = r.url;
        return HttpResponse.json([]);
      }),
      http.get('/api/users/wallet/:w', ({ request: r }) => {
        url = r.url;
        return HttpResponse.json({ error: 'User not found' }, { status: 404 });
      }),
    );
    await call(adminOrders, { query: { walletAddress: 'Adm', status: '' } });
    expect(new URL(url).search).toBe('?walletAddress=Adm');
    await getUserByWallet('a/b c');
    expect(new URL(url).pathname).toBe('/api/users/wallet/a%2Fb%20c');
  });
});
