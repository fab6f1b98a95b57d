import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOrder } from '../buyer/make-order';
import { api, makeProduct } from '../handlers';
import { server } from '../setup';
import { openSellerDashboard } from './open-seller-dashboard';
import { installSellerApi } from './seller-handlers';

const sellerApi = installSellerApi();
beforeAll(() => import('@web/features/seller/seller-dashboard'));

const file = (name: string, bytes: number, type = 'application/pdf') => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
};

async function openTrackingDialog() {
  const lamp = makeProduct({ name: 'Lamp' });
  api.state.products = [lamp];
  api.state.orders = [makeOrder(lamp, { id: 21, status: 'escrow_held' })];
  const view = await openSellerDashboard();
  await view.user.click(await screen.findByRole('tab', { name: 'Your Sales' }));
  await view.user.click(screen.getByRole('button', { name: 'Upload Tracking' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Upload Tracking' }));
  return { ...view, dialog };
}

describe('Upload Tracking dialog', () => {
  it('shows the optional fields with their hints and the file types', async () => {
    const { dialog } = await openTrackingDialog();
    expect(dialog.getByText('Order #21 · Lamp')).toHaveAttribute('title', 'Order #21 · Lamp');
    expect(dialog.getByLabelText('Tracking Number (optional)')).toHaveAccessibleDescription(
      'leave blank for digital products',
    );
    const files = dialog.getByLabelText('Proof of Delivery (optional)');
    expect(files).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp,.pdf,.doc,.docx,.txt,.text',
    );
    expect(files).toHaveAttribute('multiple');
    expect(files).toHaveAccessibleDescription(
      'upload images, PDFs or documents as proof of delivery',
    );
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(dialog.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('needs a tracking number or a file; blanks do not count', async () => {
    const { dialog, user } = await openTrackingDialog();
    await user.type(dialog.getByLabelText('Tracking Number (optional)'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'Please provide either a tracking number or upload files as proof of delivery',
    );
    expect(sellerApi.tracking).toHaveLength(0);
    await user.type(dialog.getByLabelText('Tracking Number (optional)'), 'TRK-1');
    expect(dialog.queryByRole('alert')).toBeNull();
  });

  it('lists chosen files with their sizes, removes one, and uploads the rest with the trimmed number', async () => {
    const { dialog, user } = await openTrackingDialog();
    const input = dialog.getByLabelText('Proof of Delivery (optional)');
    expect(dialog.getByText('Choose files')).toBeInTheDocument();
    await user.upload(input, [
      file('receipt.pdf', 1536),
      file('photo.jpg', 2 * 1024 * 1024, 'image/jpeg'),
    ]);
    await user.upload(input, [file('notes.txt', 300, 'text/plain')]);
    expect(dialog.getByText('Add more files')).toBeInTheDocument();
    const list = within(dialog.getByRole('list', { name: 'Chosen files' }));
    expect(list.getByText('(1.5 KB)')).toBeInTheDocument();
    expect(list.getByText('(2.0 MB)')).toBeInTheDocument();
    expect(list.getByText('(300 B)')).toBeInTheDocument();
    await user.click(list.getByRole('button', { name: 'Remove photo.jpg' }));
    expect(list.queryByText('photo.jpg')).not.toBeInTheDocument();

    await user.type(dialog.getByLabelText('Tracking Number (optional)'), '  TRK-9  ');
    sellerApi.delayMs = 200;
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(dialog.getByRole('progressbar', { name: 'Uploading tracking' })).toBeInTheDocument();
    expect(await screen.findByText('Tracking Information Uploaded')).toBeInTheDocument();
    expect(
      screen.getByText('Your tracking information has been submitted for admin review.'),
    ).toBeInTheDocument();
    expect(sellerApi.tracking).toEqual([
      {
        orderId: 21,
        trackingNumber: 'TRK-9',
        files: [
          { name: 'receipt.pdf', size: 1 },
          { name: 'notes.txt', size: 1 },
        ],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = within(screen.getByRole('article', { name: 'Order #21' }));
    expect(await card.findByText('TRACKING UPLOADED')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Upload Tracking' })).not.toBeInTheDocument();
  });

  it('refuses a file over 10MB before sending', async () => {
    const { dialog, user } = await openTrackingDialog();
    await user.upload(dialog.getByLabelText('Proof of Delivery (optional)'), [
      file('scan.pdf', 10 * 1024 * 1024 + 1),
    ]);
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'scan.pdf is too large, maximum size is 10MB',
    );
    expect(dialog.queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument();
  });

  it('refuses a file no proof can be (picked under "All files") before sending', async () => {
    const { dialog } = await openTrackingDialog();
    // A picker's accept list is a hint: a person can switch it to "All files".
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(dialog.getByLabelText('Proof of Delivery (optional)'), [
      file('setup.exe', 2048, 'application/x-msdownload'),
      file('receipt.pdf', 1536),
    ]);
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'setup.exe is not an image, PDF, Word document or text file',
    );
    const list = within(dialog.getByRole('list', { name: 'Chosen files' }));
    expect(list.getByText('receipt.pdf')).toBeInTheDocument();
    expect(list.queryByText('setup.exe')).not.toBeInTheDocument();
  });

  it("shows Upload Failed with the server's error, or the fallback", async () => {
    const { dialog, user } = await openTrackingDialog();
    await user.type(dialog.getByLabelText('Tracking Number (optional)'), 'TRK-1');
    sellerApi.failNext = {
      status: 409,
      error: 'Tracking can only be uploaded for an order awaiting shipment',
    };
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(
      screen.getByText('Tracking can only be uploaded for an order awaiting shipment'),
    ).toBeInTheDocument();

    server.use(
      http.post('/api/orders/:id/tracking', () => new HttpResponse(null, { status: 502 })),
    );
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    // no error field and no text: the status text (spec section 8)
    expect(await screen.findByText('Bad Gateway')).toBeInTheDocument();

    server.use(
      http.post(
        '/api/orders/:id/tracking',
        () =>
          new HttpResponse('<html><body><h1>413 Request Entity Too Large</h1></body></html>', {
            status: 413,
            statusText: 'Payload Too Large',
            headers: { 'content-type': 'text/html' },
          }),
      ),
    );
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    // a proxy's page, not a message: its status text, never its HTML
    expect(await screen.findByText('Payload Too Large')).toBeInTheDocument();
    expect(screen.queryByText(/<html>/)).toBeNull();

    server.use(http.post('/api/orders/:id/tracking', () => HttpResponse.error()));
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Failed to upload tracking information')).toBeInTheDocument();
    expect(dialog.getByLabelText('Tracking Number (optional)')).toHaveValue('TRK-1');
  });

  it('treats a 200 answer with an error field as a failure', async () => {
    const { dialog, user } = await openTrackingDialog();
    server.use(
      http.post('/api/orders/:id/tracking', () => HttpResponse.json({ error: 'Storage is full' })),
    );
    await user.type(dialog.getByLabelText('Tracking Number (optional)'), 'TRK-1');
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Storage is full')).toBeInTheDocument();
    expect(screen.getByText('Upload Failed')).toBeInTheDocument();
  });
});
