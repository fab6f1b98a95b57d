import { describe, expect, it } from 'vitest';
import { canReadProof } from '@src/app/orders/can-read-proof';
import { uploadTracking } from '@src/app/orders/upload-tracking';
import { pdf } from '@test/adapters/uploads/fixtures';
import { appWorld } from '@test/support/app-world';

describe('canReadProof', () => {
  it("lets the order's buyer and seller and admins read its proof files, and no one else", async () => {
    const w = appWorld();
    const { seller, buyer, admin, order } = await w.sale();
    await uploadTracking(w.deps)(seller, order.id, {
      trackingNumber: null,
      files: [{ bytes: pdf(), name: 'receipt.pdf' }],
    });
    const [file] = w.uploads.names();
    const may = canReadProof(w.deps);
    expect(await may(buyer, file!)).toBe(true);
    expect(await may(seller, file!)).toBe(true);
    expect(await may(admin, file!)).toBe(true);
    expect(await may(await w.person(), file!)).toBe(false);
    expect(await may(null, file!)).toBe(false);
    expect(await may(buyer, 'proof-of-another-order.pdf')).toBe(false);
  });
});
