import { screen, within } from '@testing-library/react';
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
});
