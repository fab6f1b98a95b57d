import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api, type Client } from '../support/api';
import { listing, PNG_BYTES, PNG_DATA_URL, SCRIPT_DATA_URL } from '../support/fixtures';

let api: Api;
let seller: Client;
let other: Client;
let admin: Client;

beforeAll(async () => {
  api = await startApi();
  seller = api.client();
  other = api.client();
  admin = api.admin();
  await Promise.all([seller.signIn(), other.signIn(), admin.signIn()]);
});
afterAll(() => api.close());

const create = (client: Client, overrides: Record<string, unknown> = {}) =>
  client.post('/api/products', listing({ sellerId: client.user!.id, ...overrides }));

describe('listings', () => {
  it('creates a listing for the signed-in seller', async () => {
    const res = await create(seller, { price: '12.5' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Vintage camera',
      price: '12.50',
      sellerId: seller.user!.id,
      status: 'active',
      quantity: 1,
      soldQuantity: 0,
      location: 'Lisbon',
    });
    expect((await api.client().get(`/api/products/${res.body.id}`)).body.name).toBe(
      'Vintage camera',
    );
  });

  it('needs a session (401) and the seller id of that session (403)', async () => {
    expect((await api.client().post('/api/products', listing({ sellerId: 1 }))).status).toBe(401);
    const spoof = await seller.post('/api/products', listing({ sellerId: other.user!.id }));
    expect(spoof.status).toBe(403);
  });

  it.each([
    [{ quantity: 0 }, 'Quantity must be at least 1'],
    [{ price: '-1' }, 'Price must be a positive number in SOL, like 12.50'],
    [{ price: '1.005' }, 'Price can have at most 2 decimal places'],
    [{ price: 1.5 }, 'Price must be a decimal string in SOL, like "12.50"'],
    [{ price: '100000000' }, 'Price can be at most 99999999.99 SOL'],
    [{ name: '  ' }, 'Product name is required'],
    [
      { category: 'weapons' },
      'Category must be one of digital-goods, physical-items, services, other',
    ],
    [{ condition: undefined }, 'Condition is required'],
    [
      { name: 'Lamp\u001b[2J' },
      'Product name cannot contain control characters or text-direction overrides',
    ],
    [
      { description: 'A lamp\u202egnp.exe' },
      'Description cannot contain control characters or text-direction overrides',
    ],
  ])('rejects %j with a clear message', async (overrides, message) => {
    const res = await create(seller, overrides);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it('refuses texts past their limits, also when a small gzip body inflates to megabytes', async () => {
    const huge = listing({ sellerId: seller.user!.id, description: 'd'.repeat(5_000_000) });
    const res = await fetch(`${seller.baseUrl}/api/products`, {
      method: 'POST',
      headers: {
        cookie: seller.cookie!,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      body: gzipSync(JSON.stringify(huge)),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Description can be at most 5000 characters' });
    const made = await create(seller);
    const update = await seller.put(`/api/products/${made.body.id}`, {
      ...listing({ sellerId: seller.user!.id }),
      name: 'n'.repeat(201),
    });
    expect(update.status).toBe(400);
    expect(update.body).toEqual({ error: 'Product name can be at most 200 characters' });
  });

  it('stores images as files and keeps only their /uploads URLs', async () => {
    const res = await create(seller, { imageUrl: JSON.stringify([PNG_DATA_URL, PNG_DATA_URL]) });
    expect(res.status).toBe(201);
    const urls: string[] = JSON.parse(res.body.imageUrl);
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(/^\/uploads\/img-[0-9a-f]{32}\.png$/);
    const file = await fetch(api.url + urls[0]);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG_BYTES);
    const head = await fetch(api.url + urls[0], { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PNG_BYTES.byteLength));
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('refuses a script renamed as an image, and more than 5 images', async () => {
    const script = await create(seller, { imageUrl: JSON.stringify([SCRIPT_DATA_URL]) });
    expect(script.status).toBe(415);
    const six = await create(seller, { imageUrl: JSON.stringify(Array(6).fill(PNG_DATA_URL)) });
    expect(six.status).toBe(400);
    expect(six.body.error).toBe('You can only upload up to 5 images');
  });

  it('refuses an image field it cannot read instead of listing the product without photos', async () => {
    const res = await create(seller, { imageUrl: '["data:image/png;base64,AAAA"' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'imageUrl must be a JSON array of images, as text' });
  });

  it('keeps existing images on update and drops the removed ones', async () => {
    const made = await create(seller, { imageUrl: JSON.stringify([PNG_DATA_URL, PNG_DATA_URL]) });
    const [keep, drop] = JSON.parse(made.body.imageUrl) as string[];
    const res = await seller.put(
      `/api/products/${made.body.id}`,
      listing({ sellerId: seller.user!.id, name: 'Renamed', imageUrl: JSON.stringify([keep]) }),
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.imageUrl)).toEqual([keep]);
    expect((await fetch(api.url + drop)).status).toBe(404);
  });

  it('takes imageUrl as optional: absent, a new listing has no photos and an edit keeps them', async () => {
    const { imageUrl: _, ...bare } = listing({ sellerId: seller.user!.id });
    const plain = await seller.post('/api/products', bare);
    expect(plain.status).toBe(201);
    expect(plain.body.imageUrl).toBeNull();
    const made = await create(seller, { imageUrl: JSON.stringify([PNG_DATA_URL]) });
    const photos = JSON.parse(made.body.imageUrl) as string[];
    const edited = await seller.put(`/api/products/${made.body.id}`, { ...bare, name: 'Renamed' });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Renamed');
    expect(JSON.parse(edited.body.imageUrl)).toEqual(photos);
    expect((await fetch(api.url + photos[0])).status).toBe(200);
  });

  it('lets only the owner edit or delete a listing', async () => {
    const made = await create(seller);
    const id = made.body.id;
    expect(
      (await other.put(`/api/products/${id}`, listing({ sellerId: other.user!.id }))).status,
    ).toBe(403);
    expect((await other.del(`/api/products/${id}`)).status).toBe(403);
    expect((await seller.del(`/api/products/${id}`)).body).toEqual({ success: true });
    expect((await seller.get(`/api/products/${id}`)).status).toBe(404);
  });

  it('admin delete marks the product deleted: gone from the marketplace, Admin Removed for the seller', async () => {
    const made = await create(seller, { name: 'Doomed lamp' });
    const id = made.body.id;
    const spoofed = await other.del(`/api/admin/products/${id}?walletAddress=${admin.wallet}`);
    expect(spoofed.status).toBe(403);
    const res = await admin.del(`/api/admin/products/${id}?walletAddress=${admin.wallet}`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('deleted');
    const market = await api.client().get('/api/products?search=Doomed');
    expect(market.body).toEqual([]);
    const mine = await seller.get(`/api/products?sellerId=${seller.user!.id}`);
    expect(mine.body.find((p: { id: number }) => p.id === id).status).toBe('deleted');
    const edit = await seller.put(`/api/products/${id}`, listing({ sellerId: seller.user!.id }));
    expect(edit.status).toBe(409);
    const adminList = await admin.get(`/api/admin/products?walletAddress=${admin.wallet}`);
    expect(adminList.body.some((p: { id: number }) => p.id === id)).toBe(true);
  });

  it('narrows the admin list by search and by one status, a page at a time', async () => {
    const tag = `Heron${Date.now()}`;
    const made = [];
    for (const n of [1, 2, 3]) made.push((await create(seller, { name: `${tag} ${n}` })).body);
    await admin.del(`/api/admin/products/${made[0].id}?walletAddress=${admin.wallet}`);
    const base = `/api/admin/products?walletAddress=${admin.wallet}&search=${tag.toLowerCase()}`;
    const names = (res: { body: { name: string }[] }) => res.body.map((p) => p.name).sort();
    expect(names(await admin.get(base))).toEqual([`${tag} 1`, `${tag} 2`, `${tag} 3`]);
    expect(names(await admin.get(`${base}&status=deleted`))).toEqual([`${tag} 1`]);
    expect(names(await admin.get(`${base}&status=active`))).toEqual([`${tag} 2`, `${tag} 3`]);
    const first = await admin.get(`${base}&limit=2`);
    expect(first.body).toHaveLength(2);
    const next = first.headers.get('x-next-cursor');
    expect(next).toBeTruthy();
    const second = await admin.get(`${base}&limit=2&cursor=${encodeURIComponent(next!)}`);
    expect(second.body).toHaveLength(1);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    const bad = await admin.get(`${base}&status=removed`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/status must be one of active, sold, inactive, deleted/);
  });

  it('refuses admin calls whose walletAddress is not the signed-in admin wallet', async () => {
    const res = await admin.get(`/api/admin/products?walletAddress=${seller.wallet}`);
    expect(res.status).toBe(403);
    expect((await seller.get(`/api/admin/products?walletAddress=${seller.wallet}`)).status).toBe(
      403,
    );
    expect(
      (await api.client().get(`/api/admin/products?walletAddress=${admin.wallet}`)).status,
    ).toBe(401);
  });
});

describe('the marketplace list', () => {
  it('filters by category and searches name and description case-insensitively, % and _ literal', async () => {
    await create(other, { name: 'Logo design 100% vector', category: 'services' });
    await create(other, {
      name: 'Plain logo',
      description: 'snake_case font',
      category: 'digital-goods',
    });
    const pct = await api.client().get('/api/products?search=' + encodeURIComponent('100%'));
    expect(pct.body.map((p: { name: string }) => p.name)).toEqual(['Logo design 100% vector']);
    const under = await api.client().get('/api/products?search=' + encodeURIComponent('E_C'));
    expect(under.body.map((p: { name: string }) => p.name)).toEqual(['Plain logo']);
    const services = await api.client().get('/api/products?category=services&search=LOGO');
    expect(services.body.map((p: { name: string }) => p.name)).toEqual(['Logo design 100% vector']);
    expect((await api.client().get('/api/products?category=weapons')).status).toBe(400);
  });

  it('pages newest first with X-Next-Cursor', async () => {
    const seen: number[] = [];
    let url = '/api/products?limit=2';
    for (;;) {
      const res = await api.client().get(url);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.map((p: { id: number }) => p.id));
      const next = res.headers.get('x-next-cursor');
      if (!next) break;
      url = `/api/products?limit=2&cursor=${encodeURIComponent(next)}`;
    }
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);
    const all = await api.client().get('/api/products?limit=200');
    expect(seen).toEqual(all.body.map((p: { id: number }) => p.id));
  });

  it('rejects a bad limit or cursor', async () => {
    expect((await api.client().get('/api/products?limit=201')).status).toBe(400);
    expect((await api.client().get('/api/products?limit=0')).status).toBe(400);
    for (const odd of ['1e2', '0x10', '%201', '2.0']) {
      const res = await api.client().get(`/api/products?limit=${odd}`);
      expect(res.body).toEqual({ error: 'limit must be a whole number from 1 to 200' });
    }
    expect((await api.client().get('/api/products?cursor=garbage')).status).toBe(400);
    // A six-digit year is a JavaScript date but not a database one: still the client's 400.
    const farFuture = Buffer.from('["+010000-01-01T00:00:00.000Z",1]').toString('base64url');
    const far = await api.client().get(`/api/products?cursor=${farFuture}`);
    expect(far.status).toBe(400);
    expect(far.body).toEqual({ error: 'Invalid cursor' });
  });
});
