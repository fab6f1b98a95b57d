import { describe, expect, it } from 'vitest';
import { uploadTracking } from '@src/app/orders/upload-tracking';
import { TRACKING_REQUIRED_MESSAGE } from '@src/domain/tracking';
import { exe, pdf, png } from '@test/adapters/uploads/fixtures';
import { appWorld } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';

async function setup() {
  const world = appWorld();
  const sale = await world.sale();
  return { ...world, ...sale, upload: uploadTracking(world.deps) };
}

describe('uploadTracking', () => {
  it('moves the order to tracking uploaded with the number, the time and the stored files', async () => {
    const w = await setup();
    w.clock.advance(60_000);
    const moved = await w.upload(w.seller, w.order.id, {
      trackingNumber: '  TRACK-42 ',
      files: [
        { bytes: pdf(), name: 'receipt.pdf' },
        { bytes: png(), name: 'parcel.png' },
      ],
    });
    const [receipt, photo] = w.uploads.names();
    expect(receipt).toMatch(/^proof-[0-9a-f]{32}\.pdf$/);
    expect(photo).toMatch(/^proof-[0-9a-f]{32}\.png$/);
    expect(moved).toMatchObject({
      status: 'tracking_uploaded',
      trackingNumber: 'TRACK-42',
      uploadedFiles: [receipt, photo],
      deliveryImages: [photo],
      proofOfDelivery: 'receipt.pdf, parcel.png',
      trackingUploadedAt: '2030-01-01T12:01:00.000Z',
    });
    expect(await w.store.orders.findById(w.order.id)).toMatchObject(moved);
  });

  it('takes files alone, without a tracking number', async () => {
    const w = await setup();
    const moved = await w.upload(w.seller, w.order.id, {
      trackingNumber: null,
      files: [{ bytes: pdf(), name: 'receipt.pdf' }],
    });
    expect(moved).toMatchObject({ trackingNumber: null, uploadedFiles: w.uploads.names() });
  });

  it('refuses neither a number nor a file', async () => {
    const w = await setup();
    const error = await domainError(
      w.upload(w.seller, w.order.id, { trackingNumber: ' ', files: [] }),
      'validation',
    );
    expect(error.message).toBe(TRACKING_REQUIRED_MESSAGE);
  });

  it('refuses anyone but the seller of the order, and a visitor', async () => {
    const w = await setup();
    const cmd = { trackingNumber: 'T', files: [] };
    await domainError(w.upload(w.buyer, w.order.id, cmd), 'forbidden');
    await domainError(w.upload(w.admin, w.order.id, cmd), 'forbidden');
    await domainError(w.upload(null, w.order.id, cmd), 'unauthenticated');
    await domainError(w.upload(w.seller, 999, cmd), 'not_found');
  });

  it('refuses an order whose tracking was already uploaded', async () => {
    const w = await setup();
    await w.upload(w.seller, w.order.id, { trackingNumber: 'T1', files: [] });
    const error = await domainError(
      w.upload(w.seller, w.order.id, { trackingNumber: 'T2', files: [] }),
      'invalid_transition',
    );
    expect(error.message).toBe(
      'Tracking can only be uploaded for an order awaiting shipment; this order is tracking uploaded',
    );
  });

  it('refuses a file of a type it does not take, keeping none of the files and the order as it was', async () => {
    const w = await setup();
    const before = w.contents();
    await domainError(
      w.upload(w.seller, w.order.id, {
        trackingNumber: 'T',
        files: [
          { bytes: pdf(), name: 'receipt.pdf' },
          { bytes: exe(), name: 'setup.exe' },
        ],
      }),
      'unsupported_media',
    );
    expect(w.contents()).toEqual(before);
  });

  it('of two uploads at once, keeps one and the files of that one only', async () => {
    const w = await setup();
    const results = await Promise.allSettled([
      w.upload(w.seller, w.order.id, {
        trackingNumber: 'A',
        files: [{ bytes: pdf(), name: 'a.pdf' }],
      }),
      w.upload(w.seller, w.order.id, {
        trackingNumber: 'B',
        files: [{ bytes: pdf(), name: 'b.pdf' }],
      }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(w.uploads.names()).toEqual((await w.store.orders.findById(w.order.id))?.uploadedFiles);
    const lost = results.find((r) => r.status === 'rejected');
    expect(lost?.reason).toMatchObject({
      code: 'conflict',
      message: 'The order changed while this was being done; reload and try again',
    });
  });
});
