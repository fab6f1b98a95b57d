import type { Faucet } from './faucet';
import type { Ledger } from './ledger';
import type { PerformanceSamples } from './performance-samples';
import { accountMethods } from './rpc-accounts';
import { blockMethods } from './rpc-blocks';
import { clusterMethods, type NodeAddresses } from './rpc-cluster';
import { localMethods } from './rpc-local';
import { checkMinContextSlot, config, type Handler } from './rpc-params';
import { transactionMethods } from './rpc-transactions';

export { API_VERSION, type Handler } from './rpc-params';

/** Where each method that honours `minContextSlot` takes its configuration object. */
const CONFIG_AT: Record<string, number> = {
  getAccountInfo: 1,
  getBalance: 1,
  getBlockHeight: 0,
  getEpochInfo: 0,
  getFeeForMessage: 1,
  getLatestBlockhash: 0,
  getMultipleAccounts: 1,
  getProgramAccounts: 1,
  getSignaturesForAddress: 1,
  getSlot: 0,
  getSlotLeader: 0,
  getTokenAccountsByOwner: 2,
  getTransactionCount: 0,
  isBlockhashValid: 1,
  sendTransaction: 1,
  simulateTransaction: 1,
};

export interface MethodDeps {
  ledger: Ledger;
  faucet: Faucet;
  samples: PerformanceSamples;
  node: () => NodeAddresses;
  warp: (seconds: number) => void;
}

/** The JSON-RPC methods of a node, answered from the ledger. */
export function rpcMethods(deps: MethodDeps): Record<string, Handler> {
  const { ledger } = deps;
  const methods: Record<string, Handler> = {
    ...clusterMethods(ledger, deps.samples, deps.node),
    ...accountMethods(ledger, deps.faucet.keypair.publicKey.toBase58()),
    ...transactionMethods(ledger, deps.faucet),
    ...blockMethods(ledger),
    ...localMethods(ledger.clock, deps.warp),
  };
  for (const [name, at] of Object.entries(CONFIG_AT)) {
    const handler = methods[name]!;
    methods[name] = (params) => {
      checkMinContextSlot(ledger.clock, config(params, at));
      return handler(params);
    };
  }
  return methods;
}
