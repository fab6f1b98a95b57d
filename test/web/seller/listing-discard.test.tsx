import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, makeProduct } from '../handlers';
import { imageFile, openListingDialog } from './listing-harness';
import { installSellerApi } from './seller-handlers';

const sellerApi = installSellerApi();

const listingDialog = () => screen.queryByRole('dialog', { name: 'Create New Listing' });
const discardQuestion = async () =>
  within(await screen.findByRole('alertdialog', { name: 'Discard your changes?' }));

describe('closing the listing dialog', () => {
  it('asks before Escape discards what was typed: Keep editing keeps it', async () => {
    const { dialog, user } = await openListingDialog();
    await user.type(within(dialog).getByLabelText('Product Name'), 'Walnut desk');
    await user.keyboard('{Escape}');
    const question = await discardQuestion();
    expect(
      question.getByText('This listing has not been created yet; what you entered will be lost.'),
    ).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    await waitFor(() =>
      expect(question.getByRole('button', { name: 'Keep editing' })).toHaveFocus(),
    );

    await user.click(question.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Product Name')).toHaveValue('Walnut desk');
    await waitFor(() => expect(within(dialog).getByLabelText('Product Name')).toHaveFocus());
  });

  it('asks on Cancel and on the close button; Discard closes and the next form starts empty', async () => {
    const { dialog, user } = await openListingDialog();
    await user.selectOptions(within(dialog).getByLabelText('Condition'), 'good');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click((await discardQuestion()).getByRole('button', { name: 'Keep editing' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Close' }));
    await user.click((await discardQuestion()).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(listingDialog()).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sellerApi.productBodies).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Open listing' }));
    const again = await screen.findByRole('dialog', { name: 'Create New Listing' });
    expect(within(again).getByLabelText('Condition')).toHaveValue('');
  });

  it('counts a chosen photo as a change', async () => {
    const { dialog, user } = await openListingDialog();
    await user.upload(within(dialog).getByLabelText('Images'), [imageFile('a.png')]);
    await user.keyboard('{Escape}');
    expect(await discardQuestion()).toBeTruthy();
  });

  it('closes at once on Escape when nothing was changed', async () => {
    const { dialog, user } = await openListingDialog();
    within(dialog).getByLabelText('Product Name').focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(listingDialog()).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('closes an edit at once when its values were typed back as they were', async () => {
    const product = makeProduct({ name: 'Old lamp', images: ['/uploads/a.jpg'] });
    api.state.products = [product];
    const { dialog, user } = await openListingDialog(product);
    const name = within(dialog).getByLabelText('Product Name');
    await user.type(name, 's');
    await user.type(name, '{Backspace}');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Listing' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks about an edit whose photos changed', async () => {
    const product = makeProduct({ name: 'Old lamp', images: ['/uploads/a.jpg', '/uploads/b.jpg'] });
    api.state.products = [product];
    const { dialog, user } = await openListingDialog(product);
    await user.click(within(dialog).getByRole('button', { name: 'Make image 2 the main photo' }));
    await user.keyboard('{Escape}');
    const question = await discardQuestion();
    expect(
      question.getByText('Your changes to this listing have not been saved.'),
    ).toBeInTheDocument();
    await user.click(question.getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Listing' })).not.toBeInTheDocument(),
    );
  });
});
