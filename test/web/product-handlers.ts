import { http, HttpResponse } from 'msw';
import { getProduct, listProducts } from '@src/contracts/products';
import { api } from './api-state';
import { reply } from './wire';

/** GET /api/products (marketplace, by seller, paged by X-Next-Cursor) and /api/products/:id. */
export const productHandlers = [
  http.get('/api/products', ({ request }) => {
    const query = new URL(request.url).searchParams;
    api.state.productQueries.push(query);
    const sellerId = query.get('sellerId');
    if (sellerId) {
      const own = api.state.products.filter((p) => p.sellerId === Number(sellerId));
      return reply(listProducts, own);
    }
    const category = query.get('category');
    const search = query.get('search')?.toLowerCase();
    const matching = api.state.products.filter(
      (p) =>
        (p.status === 'active' || p.status === 'sold') &&
        (!category || p.category === category) &&
        (!search || `${p.name} ${p.description}`.toLowerCase().includes(search)),
    );
    const start = Number(query.get('cursor') ?? 0);
    const size = Math.min(Number(query.get('limit') ?? api.state.pageSize), api.state.pageSize);
    const page = matching.slice(start, start + size);
    const headers: Record<string, string> = {};
    if (start + size < matching.length) headers['X-Next-Cursor'] = String(start + size);
    return reply(listProducts, page, { headers });
  }),
  http.get('/api/products/:id', ({ params }) => {
    const product = api.state.products.find((p) => p.id === Number(params.id));
    return product
      ? reply(getProduct, product)
      : HttpResponse.json({ error: 'Product not found' }, { status: 404 });
  }),
];
