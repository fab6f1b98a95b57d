import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, request } from '../../../web/src/api/client';
import { getUserByWallet } from '../../../web/src/api/get-user-by-wallet';
import { server } from '../setup';

const failWith = (response: () => Response) => server.use(http.get('/api/thing', response));

describe('API client errors (spec section 8)', () => {
  it('uses the JSON error field', async () => {
    failWith(() => HttpResponse.json({ error: 'Product not found' }, { status: 404 }));
    await expect(request('/api/thing')).rejects.toMatchObject({
      status: 404,
      message: 'Product not found',
    });
  });

  it('uses the response text when it is not JSON with an error field', async () => {
    failWith(() => new HttpResponse('Bad gateway upstream', { status: 502 }));
    await expect(request('/api/thing')).rejects.toThrow('Bad gateway upstream');
  });

  it('uses the status text when the body is empty', async () => {
    failWith(() => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(request('/api/thing')).rejects.toThrow('Service Unavailable');
  });

  it('sends credentials with every call', async () => {
    let credentials: RequestCredentials | undefined;
    server.use(
      http.get('/api/thing', ({ request: r }) => {
        credentials = r.credentials;
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(request('/api/thing')).resolves.toEqual({ ok: true });
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
