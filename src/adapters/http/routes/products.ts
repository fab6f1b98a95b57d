import { contractRouter } from '../router';
import type { Caller } from '../../../app/context';
import type { UseCases } from '../../../app/use-cases';
import * as products from '../../../contracts/products';
import { encodedPage, mount, page, parse } from '../mount';
import type { FilesBody } from './orders';

export function productRoutes(app: UseCases, listingBody: FilesBody) {
  const router = contractRouter();
  // An edit's photos are read only for the listing's own seller (the call's own rule and answer).
  const editBody = listingBody(async (ctx) => {
    const { id } = parse(products.updateProduct.params, ctx.params);
    await app.products.admitEdit((ctx.state.caller as Caller | null) ?? null, id);
  });
  mount(router, products.listProducts, async ({ query }) => {
    const { sellerId, limit, cursor } = query;
    // Pages the store encodes (the list read most: no rows read into objects, no JSON written).
    if (sellerId !== undefined) {
      return encodedPage(await app.products.bySeller(sellerId, { limit, cursor }));
    }
    return encodedPage(await app.products.marketplace(query));
  });
  mount(router, products.getProduct, ({ params }) => app.products.get(params.id));
  mount(
    router,
    products.createProduct,
    ({ caller, body }) => app.products.create(caller, body),
    listingBody(),
  );
  mount(
    router,
    products.updateProduct,
    ({ caller, params, body }) => app.products.update(caller, params.id, body),
    editBody,
  );
  mount(router, products.deleteProduct, ({ caller, params }) =>
    app.products.remove(caller, params.id),
  );
  mount(router, products.adminListProducts, async ({ caller, query }) =>
    page(await app.products.adminList(caller, query.walletAddress, query)),
  );
  mount(router, products.adminDeleteProduct, ({ caller, params, query }) =>
    app.products.adminDelete(caller, query.walletAddress, params.id),
  );
  return router;
}
