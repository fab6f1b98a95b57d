import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { listProducts } from '@src/contracts/products';
import { api, makeProduct } from '../handlers';
import { renderApp } from '../render';
import { server } from '../setup';
import { reply, withWire } from '../wire';

const cards = () => screen.queryAllByTestId('product-card');

describe('marketplace', () => {
  it('shows 8 skeleton cards while loading, then the products', async () => {
    api.state.products = [makeProduct({ name: 'Walnut desk' })];
    server.use(
      http.get('/api/products', async () => {
        await delay(150);
        return reply(listProducts, api.state.products);
      }),
    );
    renderApp();
    expect(await screen.findAllByTestId('product-skeleton')).toHaveLength(8);
    expect(await screen.findByText('Walnut desk')).toBeInTheDocument();
    expect(screen.queryAllByTestId('product-skeleton')).toHaveLength(0);
  });

  it('says a gateway’s error page in words, not its HTML, and tries again', async () => {
    api.state.products = [makeProduct({ name: 'Walnut desk' })];
    let down = true;
    server.use(
      http.get('/api/products', () =>
        down
          ? new HttpResponse('<html><body><h1>502 Bad Gateway</h1></body></html>', {
              status: 502,
              statusText: 'Bad Gateway',
              headers: { 'content-type': 'text/html' },
            })
          : reply(listProducts, api.state.products),
      ),
    );
    const { user } = renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Could not load products: Bad Gateway$/,
    );
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Walnut desk')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    renderApp();
    expect(
      await screen.findByText('No products found matching your criteria.'),
    ).toBeInTheDocument();
  });

  it('searches after typing pauses and keeps the search in the URL', async () => {
    api.state.products = [
      makeProduct({ name: 'Red bicycle' }),
      makeProduct({ name: 'Blue kettle' }),
    ];
    const { user, router } = renderApp();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const before = api.state.productQueries.length;
    await user.type(screen.getByPlaceholderText('Search products...'), 'kettle');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByText('Blue kettle')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=kettle');
    // one request for the settled text, not one per keystroke
    expect(api.state.productQueries.slice(before).map((q) => q.get('search'))).toEqual(['kettle']);
  });

  it('gives each card one control, named by the product alone, under its heading', async () => {
    api.state.products = [
      makeProduct({ name: 'Red bicycle', description: 'A long description '.repeat(10) }),
    ];
    const { user } = renderApp();
    const open = await screen.findByRole('button', { name: 'Red bicycle' });
    expect(open.closest('h3')).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Red bicycle' })).toBeInTheDocument();
    open.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Red bicycle' })).toBeInTheDocument();
  });

  it('announces the result count of a search, and when nothing is found', async () => {
    api.state.products = [
      makeProduct({ name: 'Red bicycle' }),
      makeProduct({ name: 'Blue kettle' }),
    ];
    const { user } = renderApp();
    const status = screen.getByTestId('results-status');
    expect(status).toHaveAttribute('role', 'status');
    await waitFor(() => expect(status).toHaveTextContent('2 products shown'));
    await user.type(screen.getByPlaceholderText('Search products...'), 'kettle');
    await waitFor(() => expect(status).toHaveTextContent('1 product shown for “kettle”'));
    await user.clear(screen.getByPlaceholderText('Search products...'));
    await user.type(screen.getByPlaceholderText('Search products...'), 'zebra');
    await waitFor(() => expect(status).toHaveTextContent('No products found for “zebra”'));
  });

  it('starts from ?search= and ?category= in the URL', async () => {
    api.state.products = [
      makeProduct({ name: 'Logo design', category: 'services' }),
      makeProduct({ name: 'Logo mug', category: 'physical-items' }),
    ];
    renderApp({ route: '/?search=logo&category=services' });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByPlaceholderText('Search products...')).toHaveValue('logo');
    expect(screen.getByRole('button', { name: 'Services' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('filters by category buttons with the spec ids', async () => {
    api.state.products = [
      makeProduct({ name: 'E-book', category: 'digital-goods' }),
      makeProduct({ name: 'Chair', category: 'physical-items' }),
    ];
    const { user, router } = renderApp();
    const group = await screen.findByRole('group', { name: 'Categories' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All Categories', 'Digital Goods', 'Physical Items', 'Services', 'Other']);
    await user.click(screen.getByRole('button', { name: 'Digital Goods' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(router.state.location.search).toBe('?category=digital-goods');
    expect(api.state.productQueries.at(-1)?.get('category')).toBe('digital-goods');
    await user.click(screen.getByRole('button', { name: 'All Categories' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(api.state.productQueries.at(-1)?.has('category')).toBe(false);
  });

  it('loads the next page when the end of the grid scrolls into view', async () => {
    api.state.pageSize = 2;
    api.state.products = [1, 2, 3].map((n) => makeProduct({ name: `Item ${n}` }));
    const observers: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    renderApp();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const entry = { isIntersecting: true } as IntersectionObserverEntry;
    observers.at(-1)!([entry], {} as IntersectionObserver);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(api.state.productQueries.at(-1)?.get('cursor')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});

describe('product card', () => {
  it('shows the first image, category, condition, name, description, price, location and Qty', async () => {
    api.state.products = [
      makeProduct({
        name: 'Film camera',
        images: ['/uploads/a.jpg', '/uploads/b.jpg'],
        category: 'physical-items',
        condition: 'like_new',
        price: '2.75',
        location: 'Porto',
        quantity: 5,
        soldQuantity: 2,
      }),
    ];
    renderApp();
    const card = await screen.findByTestId('product-card');
    expect(within(card).getByRole('img')).toHaveAttribute('src', '/uploads/a.jpg');
    expect(within(card).getByText('Physical Items')).toBeInTheDocument();
    expect(within(card).getByText('Like new')).toBeInTheDocument();
    expect(within(card).getByText('2.75 SOL')).toBeInTheDocument();
    expect(within(card).getByText('Porto')).toBeInTheDocument();
    expect(within(card).getByText('Qty: 3')).toBeInTheDocument();
    expect(within(card).queryByText('SOLD OUT')).not.toBeInTheDocument();
  });

  it('clamps a long name to two lines and keeps the whole name as the control’s title', async () => {
    const name = `Lamp ${'x'.repeat(60)} with a very long name that goes on and on`;
    api.state.products = [makeProduct({ name })];
    renderApp();
    const card = await screen.findByTestId('product-card');
    expect(within(card).getByRole('button', { name })).toHaveAttribute('title', name);
  });

  it('reads a comma-separated image field, hides a failed image, and says No Image', async () => {
    api.state.products = [
      withWire(makeProduct({ name: 'Legacy' }), { imageUrl: '/uploads/x.jpg,/uploads/y.jpg' }),
      makeProduct({ name: 'Bare', images: [], status: 'sold' }),
    ];
    renderApp();
    const [legacy, bare] = await screen.findAllByTestId('product-card');
    const image = within(legacy!).getByRole('img');
    expect(image).toHaveAttribute('src', '/uploads/x.jpg');
    fireEvent.error(image);
    expect(within(legacy!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(bare!).getByText('No Image')).toBeInTheDocument();
    expect(within(bare!).getByText('SOLD OUT')).toBeInTheDocument();
  });

  it('shows the placeholder image when the image field cannot be read', async () => {
    api.state.products = [
      withWire(makeProduct({ name: 'Garbled' }), { imageUrl: '["/uploads/x.jpg"' }),
    ];
    renderApp();
    const card = await screen.findByTestId('product-card');
    expect(within(card).getByRole('img')).toHaveAttribute('src', '/placeholder.svg');
  });
});
