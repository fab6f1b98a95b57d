import type { Step } from '../lib/runner';

export const POSTER = 'Vintage Concert Poster';
export const EBOOK = 'Field Guide to Escrow (ebook)';

const listing = (over: Record<string, unknown>) => ({
  description: 'A listing the journey uses for browsing, searching and filtering.',
  condition: 'good',
  location: 'Lisbon',
  status: 'active',
  quantity: 1,
  requiresAddress: false,
  requiresEmail: false,
  requiresName: false,
  imageUrl: null,
  ...over,
});

/** Two listings by the seller, made through the API (the seller's own screen is step 2). */
export const catalogueStep: Step = {
  name: '0. the seller lists a poster and an ebook through the API',
  async run(w) {
    const seller = w.api.seller;
    const me = await seller.get(`/api/users/wallet/${w.wallets.seller.address}`);
    w.data.sellerId = me.id;
    w.data.poster = await seller.post('/api/products', {
      ...listing({ name: POSTER, price: '0.40', category: 'physical-items', sellerId: me.id }),
      description: 'Screen-printed poster from a 1979 concert, rolled, never framed.',
    });
    w.data.ebook = await seller.post('/api/products', {
      ...listing({ name: EBOOK, price: '0.15', category: 'digital-goods', sellerId: me.id }),
      description: 'A short PDF on how escrow protects both sides of a trade.',
      location: null,
    });
  },
};
