import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, makeProduct } from '../handlers';
import { renderApp } from '../render';

const productParam = (router: ReturnType<typeof renderApp>['router']) =>
  new URLSearchParams(router.state.location.search).get('product');

async function expectToast(description: string) {
  const toast = (await screen.findByText(description)).closest('[data-variant]');
  expect(toast).toHaveAttribute('data-variant', 'destructive');
  expect(toast).toHaveTextContent('Could not open the product');
}

describe('product link', () => {
  it('puts ?product=<id> in the URL when a card opens, keeping the search', async () => {
    api.state.products = [makeProduct({ name: 'Red bicycle' })];
    const { id } = api.state.products[0]!;
    const { user, router } = renderApp({ route: '/?search=bicycle' });
    await user.click(await screen.findByRole('button', { name: 'Red bicycle' }));
    expect(await screen.findByRole('dialog', { name: 'Red bicycle' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?search=bicycle&product=${id}`);
  });

  it('opens the product of /?product=<id>, even one not in the grid', async () => {
    api.state.pageSize = 1;
    api.state.products = [makeProduct({ name: 'Blue kettle' }), makeProduct({ name: 'Oak stool' })];
    const { id } = api.state.products[1]!;
    renderApp({ route: `/?product=${id}` });
    expect(await screen.findByRole('dialog', { name: 'Oak stool' })).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Oak stool' })).not.toBeInTheDocument();
  });

  it('removes the param when the dialog closes, and Back closes it', async () => {
    api.state.products = [makeProduct({ name: 'Red bicycle' })];
    const { user, router } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'Red bicycle' }));
    await screen.findByRole('dialog', { name: 'Red bicycle' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(productParam(router)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Red bicycle' }));
    await screen.findByRole('dialog', { name: 'Red bicycle' });
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(productParam(router)).toBeNull();
  });

  it('closes a product opened from its address without leaving the page', async () => {
    api.state.products = [makeProduct({ name: 'Red bicycle' })];
    const { id } = api.state.products[0]!;
    const { user, router } = renderApp({ route: `/?category=other&product=${id}` });
    await screen.findByRole('dialog', { name: 'Red bicycle' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?category=other');
  });

  it('shows the toast and no dialog for an unknown id, and drops the param', async () => {
    api.state.products = [makeProduct({ name: 'Red bicycle' })];
    const { router } = renderApp({ route: '/?product=999' });
    await expectToast('Product not found');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(productParam(router)).toBeNull());
  });

  it('treats a deleted product and a non-numeric id the same way', async () => {
    api.state.products = [makeProduct({ name: 'Gone lamp', status: 'deleted' })];
    const { id } = api.state.products[0]!;
    const first = renderApp({ route: `/?product=${id}` });
    await expectToast('This product is no longer listed.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(productParam(first.router)).toBeNull());
    first.unmount();

    const second = renderApp({ route: '/?product=abc' });
    await expectToast('That product link is not valid.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(productParam(second.router)).toBeNull());
  });
});
