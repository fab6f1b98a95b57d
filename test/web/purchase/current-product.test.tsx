import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Product } from '@src/domain/entities';
import { api, makeProduct } from '../handlers';
import { readyToBuy } from './ready-to-buy';
import { server } from '../setup';

/** What the server holds for the product from now on (a sale elsewhere, a seller's edit). */
function serverNow(product: Product, change: Partial<Product>) {
  api.state.products = [{ ...product, ...change }];
}

describe('the product dialog shows the product as it is now', () => {
  it('after buying the last unit, Buy another finds it Sold Out and offers nothing to pay', async () => {
    const product = makeProduct({ name: 'Last lamp', quantity: 1, soldQuantity: 0 });
    // The server sells the unit with the order, as the real one does.
    server.use(
      http.post('/api/orders', () => {
        serverNow(product, { soldQuantity: 1, status: 'sold' });
      }),
    );
    const { user, dialog } = await readyToBuy(product);
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    expect(await screen.findByText('Payment Secured!')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Buy another' }));
    expect(await dialog.findByRole('button', { name: 'Sold Out' })).toBeDisabled();
    expect(dialog.queryByRole('button', { name: 'Buy Now with SOL' })).toBeNull();
    expect(dialog.getByText('SOLD OUT')).toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(1);
  });

  it('turns to Sold Out while open when a live product event says it sold elsewhere', async () => {
    const product = makeProduct({ name: 'Teapot', quantity: 1, soldQuantity: 0 });
    const { dialog } = await readyToBuy(product);
    await waitFor(() => expect(api.state.streams.length).toBeGreaterThan(0));
    serverNow(product, { soldQuantity: 1, status: 'sold' });
    for (const { client } of api.state.streams) {
      client.send({ id: '1', event: 'change', data: { topic: 'product', subjectId: product.id } });
    }
    expect(await dialog.findByRole('button', { name: 'Sold Out' })).toBeDisabled();
    expect(dialog.getByText('Available').nextElementSibling).toHaveTextContent('0');
  });

  it('stops before the wallet signs when the product sold out meanwhile, and shows Sold Out', async () => {
    const product = makeProduct({ name: 'Old radio', quantity: 2, soldQuantity: 1 });
    const { user, dialog, wallet } = await readyToBuy(product);
    serverNow(product, { soldQuantity: 2, status: 'sold' });
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    expect(
      await screen.findByText(
        'Transaction failed: This product has just sold out. Nothing was paid.',
      ),
    ).toBeInTheDocument();
    expect(await dialog.findByRole('button', { name: 'Sold Out' })).toBeDisabled();
    expect(wallet.signRequests).toBe(0);
    expect(api.state.chain.sent).toHaveLength(0);
    expect(api.state.orderPosts).toHaveLength(0);
  });

  it('stops before the wallet signs when the listing was taken down meanwhile', async () => {
    const product = makeProduct({ name: 'Camera' });
    const { user, dialog, wallet } = await readyToBuy(product);
    serverNow(product, { status: 'inactive' });
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    expect(
      await screen.findByText(
        'Transaction failed: This product is no longer available. Nothing was paid.',
      ),
    ).toBeInTheDocument();
    expect(wallet.signRequests).toBe(0);
    expect(api.state.chain.sent).toHaveLength(0);
  });

  it('stops before the wallet signs when the price changed, and shows the new price', async () => {
    const product = makeProduct({ name: 'Bike', price: '1.50' });
    const { user, dialog, wallet } = await readyToBuy(product);
    serverNow(product, { price: '2.00' });
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    expect(
      await screen.findByText(
        'Transaction failed: The price changed to 2.00 SOL. Nothing was paid; check it and buy again.',
      ),
    ).toBeInTheDocument();
    expect(await dialog.findByText('2.00 SOL')).toBeInTheDocument();
    expect(wallet.signRequests).toBe(0);
    expect(api.state.chain.sent).toHaveLength(0);
  });
});
