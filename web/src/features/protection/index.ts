/* Buyer and seller protection on the web: deadlines, order moves, disputes, message threads. */
export { OrderActions } from './order-actions';
export { OrderDeadline } from './order-deadline';
export { OrderSplit } from './order-split';
export { ThreadDialog, ThreadView } from './thread-dialog';
export { useChainNow, chainNow } from './use-chain-now';
export { PROBLEM_REPORTED } from './dispute-dialog';
export { UnboughtPayments } from './unbought-payments';
