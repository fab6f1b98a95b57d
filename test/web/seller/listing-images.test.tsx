import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeResize, imageFile, openListingDialog } from './listing-harness';
import { installSellerApi } from './seller-handlers';

const sellerApi = installSellerApi();
const dataUrl = (name: string) => `data:image/jpeg;base64,${btoa(name)}`;
const srcs = (dialog: HTMLElement) =>
  Array.from(
    within(dialog).queryByRole('list', { name: 'Chosen images' })?.querySelectorAll('img') ?? [],
  ).map((img) => img.getAttribute('src'));

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

  it('keeps the first 5 of 6 photos picked at once and says which one was left out', async () => {
    const { dialog, user } = await openListingDialog();
    const d = within(dialog);
    await user.upload(
      d.getByLabelText('Images'),
      [1, 2, 3, 4, 5, 6].map((n) => imageFile(`${n}.png`)),
    );
    expect(await screen.findByText('Too many images')).toBeInTheDocument();
    expect(screen.getByText('You can only upload up to 5 images')).toBeInTheDocument();
    expect(srcs(dialog)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png'].map(dataUrl));
    expect(d.getByRole('list', { name: 'Not added' })).toHaveTextContent(
      'Only 5 photos per listing: 1 was not added (6.png)',
    );
    expect(d.getByText(/\(5\/5\)/)).toBeInTheDocument();
    expect(d.getByLabelText('Images')).toBeDisabled();
    expect(d.getByLabelText('Images')).toHaveAccessibleDescription(/1 was not added \(6\.png\)/);
  });

  // Behaviour changed: a pick that does not all fit used to add none of its photos.
  it('adds only as many as fit beside the photos already chosen', async () => {
    const { dialog, user } = await openListingDialog();
    const d = within(dialog);
    await user.upload(
      d.getByLabelText('Images'),
      [1, 2, 3].map((n) => imageFile(`${n}.png`)),
    );
    await user.upload(
      d.getByLabelText('Images'),
      [4, 5, 6, 7].map((n) => imageFile(`${n}.png`)),
    );
    expect(await screen.findByText('Too many images')).toBeInTheDocument();
    expect(srcs(dialog)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png'].map(dataUrl));
    expect(d.getByRole('list', { name: 'Not added' })).toHaveTextContent(
      'Only 5 photos per listing: 2 were not added (6.png, 7.png)',
    );
    expect(d.getByText(/\(5\/5\)/)).toBeInTheDocument();
  });

  it('skips a file over 10MB with File too large, names it, and adds the others', async () => {
    const { dialog, user } = await openListingDialog();
    await user.upload(within(dialog).getByLabelText('Images'), [
      imageFile('huge.png', 10 * 1024 * 1024 + 1),
      imageFile('ok.png', 10 * 1024 * 1024),
    ]);
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('huge.png is too large, maximum size is 10MB')).toBeInTheDocument();
    expect(within(dialog).getByText(/\(1\/5\)/)).toBeInTheDocument();
    expect(srcs(dialog)).toEqual([dataUrl('ok.png')]);
    expect(within(dialog).getByRole('list', { name: 'Not added' })).toHaveTextContent(
      'huge.png was not added: it is over 10MB',
    );
  });

  it('offers only JPEG, PNG, GIF and WebP images in the file chooser', async () => {
    const { dialog } = await openListingDialog();
    expect(within(dialog).getByLabelText('Images')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp',
    );
    expect(within(dialog).getByText(/JPEG, PNG, GIF or WebP/)).toBeInTheDocument();
  });

  it('does not add a file of another type, names it, and still adds the images', async () => {
    const { dialog } = await openListingDialog();
    // A chooser's "All files" lets any file through, whatever the input accepts.
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(within(dialog).getByLabelText('Images'), [
      imageFile('front.jpg', 2048, 'image/jpeg'),
      imageFile('manual.pdf', 2048, 'application/pdf'),
      imageFile('logo.svg', 2048, 'image/svg+xml'),
      imageFile('back.webp', 2048, ''),
    ]);
    expect(await screen.findByText('Unsupported file type')).toBeInTheDocument();
    expect(
      screen.getByText('manual.pdf is not a JPEG, PNG, GIF or WebP image'),
    ).toBeInTheDocument();
    expect(srcs(dialog)).toEqual([dataUrl('front.jpg'), dataUrl('back.webp')]);
    const notAdded = within(within(dialog).getByRole('list', { name: 'Not added' }));
    expect(notAdded.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'manual.pdf was not added: only JPEG, PNG, GIF or WebP images can be used',
      'logo.svg was not added: only JPEG, PNG, GIF or WebP images can be used',
    ]);
  });

  it('lists everything one pick left out, the photo limit first, until the next pick', async () => {
    const { dialog, user } = await openListingDialog();
    const d = within(dialog);
    await user.upload(
      d.getByLabelText('Images'),
      [1, 2, 3, 4].map((n) => imageFile(`${n}.png`)),
    );
    await user.upload(d.getByLabelText('Images'), [
      imageFile('huge.png', 10 * 1024 * 1024 + 1),
      imageFile('broken.png'),
      imageFile('5.png'),
      imageFile('6.png'),
    ]);
    await screen.findByText('Too many images');
    expect(srcs(dialog)).toHaveLength(5);
    expect(
      within(d.getByRole('list', { name: 'Not added' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Only 5 photos per listing: 1 was not added (6.png)',
      'huge.png was not added: it is over 10MB',
      'broken.png was not added: it could not be read as an image',
    ]);
    await user.click(d.getByRole('button', { name: 'Remove image 5' }));
    await user.upload(d.getByLabelText('Images'), [imageFile('6.png')]);
    expect(srcs(dialog)).toHaveLength(5);
    expect(d.queryByRole('list', { name: 'Not added' })).not.toBeInTheDocument();
  });

  it('says Upload failed when an image cannot be processed', async () => {
    const { dialog, user } = await openListingDialog(null, fakeResize);
    await user.upload(within(dialog).getByLabelText('Images'), [imageFile('broken.png')]);
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to process broken.png')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Chosen images' })).not.toBeInTheDocument();
  });
});
