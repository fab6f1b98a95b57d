import { useState } from 'react';
import { screen } from '@testing-library/react';
import type { Product } from '@src/domain/entities';
import type { ImageResizer } from '@web/features/seller/resize-image';
import { ListingDialog } from '@web/features/seller/listing-dialog';
import { useUser } from '@web/features/user/user-context';
import { WalletButton } from '@web/features/wallet/wallet-button';
import { FakeWalletAdapter } from '../fake-wallet';
import { sellerKeys } from '../handlers';
import { connectWallet, renderWithProviders } from '../render';

function Harness({ product, resize }: { product: Product | null; resize: ImageResizer }) {
  const { userId } = useUser();
  const [open, setOpen] = useState(false);
  return (
    <>
      <WalletButton />
      {userId ? <button onClick={() => setOpen(true)}>Open listing</button> : null}
      <ListingDialog open={open} product={product} resize={resize} onClose={() => setOpen(false)} />
    </>
  );
}

/** A resizer that needs no canvas: "data:image/jpeg;base64,<file name>"; fails for "broken*". */
export const fakeResize: ImageResizer = async (file) => {
  if (file.name.startsWith('broken')) throw new Error('cannot decode');
  return `data:image/jpeg;base64,${btoa(file.name)}`;
};

export const imageFile = (name: string, bytes = 2048, type = 'image/png') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

/** The listing dialog, opened by the signed-in seller (create, or edit `product`). */
export async function openListingDialog(product: Product | null = null, resize = fakeResize) {
  const view = renderWithProviders(<Harness product={product} resize={resize} />, {
    wallets: [new FakeWalletAdapter(sellerKeys)],
  });
  await connectWallet(view.user);
  await view.user.click(await screen.findByRole('button', { name: 'Open listing' }));
  const dialog = await screen.findByRole('dialog', {
    name: product ? 'Edit Listing' : 'Create New Listing',
  });
  return { ...view, dialog };
}
