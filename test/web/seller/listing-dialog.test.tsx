import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, makeProduct, sellerUser } from '../handlers';
import { openListingDialog } from './listing-harness';
import { installSellerApi } from './seller-handlers';

const sellerApi = installSellerApi();

async function fillValid(
  dialog: HTMLElement,
  user: Awaited<ReturnType<typeof openListingDialog>>['user'],
) {
  const d = within(dialog);
  await user.type(d.getByLabelText('Product Name'), '  Walnut desk ');
  await user.selectOptions(d.getByLabelText('Category'), 'physical-items');
  await user.type(d.getByLabelText('Description'), 'Solid walnut, 120 cm.');
  await user.type(d.getByLabelText('Price (SOL)'), '12.5');
  await user.clear(d.getByLabelText('Quantity'));
  await user.type(d.getByLabelText('Quantity'), '2');
  await user.selectOptions(d.getByLabelText('Condition'), 'like_new');
}

describe('listing dialog', () => {
  it('has every field, a 4-row description, step 0.01 price and quantity at least 1', async () => {
    const { dialog } = await openListingDialog();
    const d = within(dialog);
    expect(d.getByLabelText('Description')).toHaveAttribute('rows', '4');
    expect(d.getByLabelText('Price (SOL)')).toHaveAttribute('step', '0.01');
    expect(d.getByLabelText('Quantity')).toHaveAttribute('min', '1');
    expect(d.getByLabelText('Quantity')).toHaveValue(1);
    expect(d.getByLabelText('Location (optional)')).toBeInTheDocument();
    for (const label of [
      'Require shipping address',
      'Require email address',
      'Require full name',
    ]) {
      expect(d.getByRole('checkbox', { name: label })).not.toBeChecked();
    }
    expect(d.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(d.getByRole('button', { name: 'Create Listing' })).toBeEnabled();
  });

  it('validates on the client with the domain messages and sends nothing', async () => {
    const { dialog, user } = await openListingDialog();
    const d = within(dialog);
    await user.clear(d.getByLabelText('Quantity'));
    await user.type(d.getByLabelText('Quantity'), '0');
    await user.click(d.getByRole('button', { name: 'Create Listing' }));
    expect(d.getByText('Product name is required')).toBeInTheDocument();
    expect(d.getByText('Description is required')).toBeInTheDocument();
    expect(d.getByText('Price is required')).toBeInTheDocument();
    expect(d.getByText('Category is required')).toBeInTheDocument();
    expect(d.getByText('Condition is required')).toBeInTheDocument();
    expect(d.getByText('Quantity must be at least 1')).toBeInTheDocument();
    expect(d.getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(sellerApi.productBodies).toHaveLength(0);
  });

  it('drops a field’s error as the field changes, and keeps the others', async () => {
    const { dialog, user } = await openListingDialog();
    const d = within(dialog);
    await user.type(d.getByLabelText('Price (SOL)'), '1.255');
    await user.click(d.getByRole('button', { name: 'Create Listing' }));
    expect(d.getByText('Price can have at most 2 decimal places')).toBeInTheDocument();
    await user.type(d.getByLabelText('Price (SOL)'), '{Backspace}');
    expect(d.queryByText('Price can have at most 2 decimal places')).toBeNull();
    await user.selectOptions(d.getByLabelText('Condition'), 'like_new');
    expect(d.queryByText('Condition is required')).toBeNull();
    expect(d.getByText('Product name is required')).toBeInTheDocument();
  });

  it('creates a listing with the exact body, shows Creating... and the success toast', async () => {
    const { dialog, user } = await openListingDialog();
    const d = within(dialog);
    await fillValid(dialog, user);
    await user.click(d.getByRole('checkbox', { name: 'Require email address' }));
    sellerApi.delayMs = 200;
    await user.click(d.getByRole('button', { name: 'Create Listing' }));
    expect(await d.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(d.getByRole('progressbar', { name: 'Saving listing' })).toBeInTheDocument();
    expect(await screen.findByText('Product listed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sellerApi.productBodies).toEqual([
      {
        method: 'POST',
        id: null,
        body: {
          name: 'Walnut desk',
          description: 'Solid walnut, 120 cm.',
          price: '12.50',
          category: 'physical-items',
          condition: 'like_new',
          location: null,
          status: 'active',
          quantity: 2,
          handlingDays: 3,
          requiresAddress: false,
          requiresEmail: true,
          requiresName: false,
          sellerId: sellerUser.id,
          imageUrl: null,
        },
      },
    ]);
  });

  it('says Error and keeps the form when the server refuses', async () => {
    const { dialog, user } = await openListingDialog();
    await fillValid(dialog, user);
    sellerApi.failNext = { status: 400, error: 'Price can be at most 99999999.99 SOL' };
    await user.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(
      await screen.findByText('Failed to create listing. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error').closest('li')).toHaveAttribute('data-variant', 'destructive');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Price can be at most 99999999.99 SOL',
    );
    expect(within(dialog).getByLabelText('Product Name')).toHaveValue('  Walnut desk ');
    expect(within(dialog).getByRole('button', { name: 'Create Listing' })).toBeEnabled();
  });

  it('edits a listing: prefilled, Update Listing, PUT with the kept images', async () => {
    const product = makeProduct({
      name: 'Old lamp',
      price: '3.00',
      quantity: 4,
      requiresName: true,
      status: 'inactive',
      images: ['/uploads/a.jpg', '/uploads/b.jpg'],
    });
    api.state.products = [product];
    const { dialog, user } = await openListingDialog(product);
    const d = within(dialog);
    expect(d.getByLabelText('Product Name')).toHaveValue('Old lamp');
    expect(d.getByLabelText('Price (SOL)')).toHaveValue(3);
    expect(d.getByLabelText('Category')).toHaveValue(product.category);
    expect(d.getByRole('checkbox', { name: 'Require full name' })).toBeChecked();
    await user.clear(d.getByLabelText('Product Name'));
    await user.type(d.getByLabelText('Product Name'), 'New lamp');
    await user.click(d.getByRole('button', { name: 'Update Listing' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(sellerApi.productBodies[0]).toMatchObject({
      method: 'PUT',
      id: product.id,
      body: {
        name: 'New lamp',
        price: '3.00',
        quantity: 4,
        status: 'inactive',
        requiresName: true,
        imageUrl: JSON.stringify(['/uploads/a.jpg', '/uploads/b.jpg']),
      },
    });
  });

  it('has a handling time of 3 days by default, from 1 to 30', async () => {
    const { dialog } = await openListingDialog();
    const field = within(dialog).getByLabelText('Handling time (days)');
    expect(field).toHaveValue(3);
    expect(field).toHaveAttribute('min', '1');
    expect(field).toHaveAttribute('max', '30');
  });

  it('refuses a handling time outside 1 to 30 days and sends nothing', async () => {
    const { dialog, user } = await openListingDialog();
    const d = within(dialog);
    await fillValid(dialog, user);
    await user.clear(d.getByLabelText('Handling time (days)'));
    await user.type(d.getByLabelText('Handling time (days)'), '31');
    await user.click(d.getByRole('button', { name: 'Create Listing' }));
    expect(
      d.getByText('Handling time must be a whole number of days from 1 to 30'),
    ).toBeInTheDocument();
    expect(d.getByLabelText('Handling time (days)')).toHaveAttribute('aria-invalid', 'true');
    expect(sellerApi.productBodies).toHaveLength(0);
  });

  it('sends the handling time chosen, and an edit starts from the listing’s', async () => {
    const product = makeProduct({ name: 'Old lamp', handlingDays: 10 });
    api.state.products = [product];
    const { dialog, user } = await openListingDialog(product);
    const d = within(dialog);
    expect(d.getByLabelText('Handling time (days)')).toHaveValue(10);
    await user.clear(d.getByLabelText('Handling time (days)'));
    await user.type(d.getByLabelText('Handling time (days)'), '14');
    await user.click(d.getByRole('button', { name: 'Update Listing' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(sellerApi.productBodies[0]).toMatchObject({ body: { handlingDays: 14 } });
  });

  it('says Failed to update listing when an edit fails', async () => {
    const product = makeProduct({ name: 'Old lamp' });
    const { dialog, user } = await openListingDialog(product);
    sellerApi.failNext = { status: 500, error: 'Database unavailable' };
    await user.click(within(dialog).getByRole('button', { name: 'Update Listing' }));
    expect(
      await screen.findByText('Failed to update listing. Please try again.'),
    ).toBeInTheDocument();
  });
});
