import { authContract } from './auth.suite';
import { ordersContract } from './orders.suite';
import { paymentsContract } from './payments.suite';
import { productColumnsContract } from './product-columns.suite';
import { protectionContract } from './protection.suite';
import { reputationContract } from './reputation.suite';
import { productsEncodedContract } from './products-encoded.suite';
import { productsListContract } from './products-list.suite';
import { productsContract } from './products.suite';
import { salesContract } from './sales.suite';
import { stockContract } from './stock.suite';
import type { StoreKind } from './store-under-test';
import { transactionsContract } from './transactions.suite';
import { usersContract } from './users.suite';

/** Everything the Store port promises, for one kind of store. */
export function storeContract(kind: StoreKind) {
  usersContract(kind);
  productsContract(kind);
  productColumnsContract(kind);
  productsListContract(kind);
  productsEncodedContract(kind);
  stockContract(kind);
  ordersContract(kind);
  salesContract(kind);
  paymentsContract(kind);
  authContract(kind);
  transactionsContract(kind);
  protectionContract(kind);
  reputationContract(kind);
}
