import assert from 'node:assert/strict';
import type { Step } from '../lib/runner';
import { eventually, navLink, see, shortAddress } from '../lib/ui';
import { LAMP } from './seller-lists';

/** 8. Reloading mid-journey: the wallet reconnects silently and the session holds. */
export const reloadStep: Step = {
  name: '8. a reload in the middle: silent reconnect, the session holds',
  async run(w) {
    const { page } = await w.actor('buyer');
    const wallet = w.wallets.buyer;
    const signIns = wallet.messages.length;
    const journal = wallet.journal.length;
    await page.reload();
    await see(page.getByText(shortAddress(wallet.address)), 'the address after the reload');
    await see(page.getByTestId('order-row').filter({ hasText: LAMP }), 'the order after reload');
    await see(navLink(page, 'My Purchases'), 'My Purchases after the reload');
    await eventually(async () => {
      const asked = wallet.journal.slice(journal);
      assert.ok(
        asked.some((r) => r.kind === 'connect' && r.silent),
        'the wallet was asked for a silent reconnect',
      );
    });
    assert.equal(wallet.messages.length, signIns, 'no second sign-in signature after a reload');
    const stored = await page.evaluate(() => [
      localStorage.getItem('solana-wallet'),
      localStorage.getItem('solana-address'),
    ]);
    assert.deepEqual(stored, [wallet.label, wallet.address]);
    const session = await page.request.get('/api/auth/session').then((r) => r.json());
    assert.equal(session.walletAddress, wallet.address, 'the cookie session survived the reload');
    await w.shoot(page, 'reloaded-my-purchases');
  },
};
