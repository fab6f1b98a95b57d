import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeResize, imageFile, openListingDialog } from './listing-harness';
import { installSellerApi } from './seller-handlers';

const sellerApi = installSellerApi();
const dataUrl = (name: string) => `data:image/jpeg;base64,${btoa(name)}`;

describe('listing dialog images', () => {
  it('adds resized images, makes a clicked one the main photo, removes one, and sends them in order', async () => {
    const { dialog, user } = await openListingDialog();
    const d = within(dialog);
    expect(d.getByText('Choose images')).toBeInTheDocument();
    await user.upload(d.getByLabelText('Images'), [
      imageFile('a.png'),
      imageFile('b.png'),
      imageFile('c.png'),
    ]);
    const images = () =>
      Array.from(d.getByRole('list', { name: 'Chosen images' }).querySelectorAll('img'));
    expect(images().map((img) => img.getAttribute('src'))).toEqual(
      ['a.png', 'b.png', 'c.png'].map(dataUrl),
    );
    expect(d.getByText('Add more images')).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Image 1, main photo' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(d.getByRole('button', { name: 'Make image 3 the main photo' }));
    expect(images().map((img) => img.getAttribute('src'))).toEqual(
      ['c.png', 'a.png', 'b.png'].map(dataUrl),
    );
    await user.click(d.getByRole('button', { name: 'Remove image 2' }));
    expect(images().map((img) => img.getAttribute('src'))).toEqual(['c.png', 'b.png'].map(dataUrl));

    await user.type(d.getByLabelText('Product Name'), 'Desk');
    await user.selectOptions(d.getByLabelText('Category'), 'other');
    await user.type(d.getByLabelText('Description'), 'A desk');
    await user.type(d.getByLabelText('Price (SOL)'), '1');
    await user.selectOptions(d.getByLabelText('Condition'), 'good');
    await user.click(d.getByRole('button', { name: 'Create Listing' }));
    await screen.findByText('Product listed successfully!');
    expect(sellerApi.productBodies[0]!.body.imageUrl).toBe(
      JSON.stringify(['c.png', 'b.png'].map(dataUrl)),
    );
  });

  it('refuses more than 5 images with Too many images', async () => {
    const { dialog, user } = await openListingDialog();
    const input = within(dialog).getByLabelText('Images');
    await user.upload(
      input,
      [1, 2, 3, 4].map((n) => imageFile(`${n}.png`)),
    );
    await user.upload(input, [imageFile('5.png'), imageFile('6.png')]);
    expect(await screen.findByText('Too many images')).toBeInTheDocument();
    expect(screen.getByText('You can only upload up to 5 images')).toBeInTheDocument();
    expect(within(dialog).getByText(/\(4\/5\)/)).toBeInTheDocument();
    await user.upload(input, [imageFile('5.png')]);
    expect(within(dialog).getByLabelText('Images')).toBeDisabled();
  });

  it('skips a file over 10MB with File too large', async () => {
    const { dialog, user } = await openListingDialog();
    await user.upload(within(dialog).getByLabelText('Images'), [
      imageFile('huge.png', 10 * 1024 * 1024 + 1),
      imageFile('ok.png', 10 * 1024 * 1024),
    ]);
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('huge.png is too large, maximum size is 10MB')).toBeInTheDocument();
    expect(within(dialog).getByText(/\(1\/5\)/)).toBeInTheDocument();
  });

  it('says Upload failed when an image cannot be processed', async () => {
    const { dialog, user } = await openListingDialog(null, fakeResize);
    await user.upload(within(dialog).getByLabelText('Images'), [imageFile('broken.png')]);
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to process broken.png')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Chosen images' })).not.toBeInTheDocument();
  });
});
