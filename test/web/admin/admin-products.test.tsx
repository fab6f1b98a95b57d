import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, makeProduct } from '../handlers';
import { installAdminApi } from './admin-handlers';
import { openAdminDashboard } from './open-admin-dashboard';

const adminApi = installAdminApi();
beforeAll(() => import('@web/features/admin/admin-dashboard'));

describe('admin Product Management', () => {
  it('shows every product with its facts, uppercased status and first image', async () => {
    api.state.products = [
      makeProduct({
        id: 301,
        name: 'Walnut desk',
        description: 'Solid walnut.',
        price: '12.5',
        category: 'physical-items',
        condition: 'like_new',
        sellerId: 3,
        location: 'Porto',
        images: ['/uploads/desk-1.jpg', '/uploads/desk-2.jpg'],
      }),
      makeProduct({ id: 302, name: 'Old game', status: 'deleted', location: null }),
    ];
    await openAdminDashboard();
    const desk = within(await screen.findByRole('article', { name: 'Walnut desk' }));
    expect(desk.getByRole('heading', { name: 'Walnut desk' })).toHaveAttribute(
      'title',
      'Walnut desk',
    );
    expect(desk.getByText('ACTIVE')).toBeInTheDocument();
    expect(desk.getByRole('img', { name: 'Walnut desk' })).toHaveAttribute(
      'src',
      '/uploads/desk-1.jpg',
    );
    expect(desk.getByText('Solid walnut.')).toBeInTheDocument();
    expect(desk.getByText('12.50 SOL')).toBeInTheDocument();
    const fact = (term: string) => desk.getByText(term).nextElementSibling?.textContent;
    expect(fact('ID')).toBe('301');
    expect(fact('Category')).toBe('Physical Items');
    expect(fact('Condition')).toBe('Like new');
    expect(fact('Seller ID')).toBe('3');
    expect(fact('Location')).toBe('Porto');
    expect(desk.getByRole('button', { name: 'Delete Product Walnut desk' })).toBeEnabled();
    const old = within(screen.getByRole('article', { name: 'Old game' }));
    expect(old.getByText('DELETED')).toBeInTheDocument();
    expect(old.queryByText('Location')).not.toBeInTheDocument();
    expect(old.getByRole('button', { name: 'Delete Product Old game' })).toBeDisabled();
  });

  it('says so when the marketplace has no products', async () => {
    await openAdminDashboard();
    expect(await screen.findByText('No products found in the marketplace.')).toBeInTheDocument();
  });

  it('marks a product deleted after confirmation and says so', async () => {
    api.state.products = [makeProduct({ name: 'Fake watch' })];
    const { user } = await openAdminDashboard();
    await user.click(await screen.findByRole('button', { name: 'Delete Product Fake watch' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Delete Product' }));
    expect(await screen.findByText('Product Deleted')).toBeInTheDocument();
    expect(screen.getByText('"Fake watch" has been marked as deleted.')).toBeInTheDocument();
    const card = within(await screen.findByRole('article', { name: 'Fake watch' }));
    expect(await card.findByText('DELETED')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Delete Product Fake watch' })).toBeDisabled();
  });

  it('shows Delete Failed with the server message', async () => {
    api.state.products = [makeProduct({ name: 'Fake watch' })];
    adminApi.failDelete = { status: 404, error: 'Product not found' };
    const { user } = await openAdminDashboard();
    await user.click(await screen.findByRole('button', { name: 'Delete Product Fake watch' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete Product',
      }),
    );
    expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
    expect(screen.getByText('Product not found')).toBeInTheDocument();
    expect(api.state.products[0]!.status).toBe('active');
  });

  it('searches and filters on the server, and says when nothing matches', async () => {
    api.state.products = [
      makeProduct({ id: 1, name: 'Brass lamp' }),
      makeProduct({ id: 2, name: 'Oak table' }),
      makeProduct({ id: 3, name: 'Brass bell', status: 'deleted' }),
    ];
    const { user } = await openAdminDashboard();
    await screen.findByRole('article', { name: 'Oak table' });
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'brass');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Oak table' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Brass lamp' })).toBeInTheDocument();
    expect(adminApi.productQueries.at(-1)).toMatchObject({ search: 'brass', limit: '50' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'deleted');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Brass lamp' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Brass bell' })).toBeInTheDocument();
    expect(adminApi.productQueries.at(-1)).toMatchObject({ search: 'brass', status: 'deleted' });
    await user.clear(screen.getByRole('searchbox', { name: 'Search products' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'zebra');
    expect(await screen.findByText('No products match this search.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search products' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    // A status with none says so; one page is not paged.
    expect(await screen.findByText('No inactive products.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await screen.findByRole('article', { name: 'Oak table' });
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).toBeNull();
  });

  it('pages through a large catalogue 50 at a time, forward and back', async () => {
    api.state.products = Array.from({ length: 120 }, (_, i) =>
      makeProduct({ id: i + 1, name: `Item ${i + 1}` }),
    );
    const { user } = await openAdminDashboard();
    const list = await screen.findByRole('list', { name: 'Products' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(50));
    expect(within(list).getAllByRole('article')[0]).toHaveAccessibleName('Item 120');
    const pages = within(screen.getByRole('navigation', { name: 'Product pages' }));
    expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(pages.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(within(list).getAllByRole('article')[0]).toHaveAccessibleName('Item 70'),
    );
    await user.click(pages.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(20));
    expect(pages.getByText(/Page 3/)).toBeInTheDocument();
    expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(pages.getByRole('button', { name: 'Previous' }));
    await waitFor(() =>
      expect(within(list).getAllByRole('article')[0]).toHaveAccessibleName('Item 70'),
    );
  });
});
