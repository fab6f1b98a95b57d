import { createHash } from 'node:crypto';
import { VersionedMessage } from '@solana/web3.js';
import bs58 from 'bs58';
import { feeForMessage, PRIORITIZATION_SLOTS, PrioritizationFees } from './fees';
import type { Ledger } from './ledger';
import type { PerformanceSamples } from './performance-samples';
import { invalidParams } from './rpc-error';
import { API_VERSION, commitment, config, contextual, u64, type Handler } from './rpc-params';

const SLOTS_PER_EPOCH = 432_000;
const FEATURE_SET = 3294202862;

export interface NodeAddresses {
  /** host:port of the JSON-RPC and WebSocket servers, once they listen. */
  rpc: string | null;
  pubsub: string | null;
}

/** Cluster-wide facts: slots, epochs, blockhashes, fees, this node and its samples. */
export function clusterMethods(
  ledger: Ledger,
  samples: PerformanceSamples,
  node: () => NodeAddresses,
): Record<string, Handler> {
  const { clock } = ledger;
  const ctx = contextual(clock);
  const identity = bs58.encode(
    createHash('sha256').update(`${ledger.genesisHash}:identity`).digest(),
  );
  const at = (p: unknown[], i: number) => clock.slotAt(commitment(config(p, i)));
  const prioritization = new PrioritizationFees((slot) => ledger.store.inSlots(slot, slot));

  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': API_VERSION, 'feature-set': FEATURE_SET }),
    getGenesisHash: () => ledger.genesisHash,
    getIdentity: () => ({ identity }),
    getSlot: (p) => at(p, 0),
    getBlockHeight: (p) => at(p, 0),
    getSlotLeader: () => identity,
    getTransactionCount: () => ledger.store.size,
    getFirstAvailableBlock: () => 0,
    getRecentPrioritizationFees: (p) => {
      const accounts = p[0] ?? [];
      if (
        !Array.isArray(accounts) ||
        accounts.length > 128 ||
        !accounts.every((a) => typeof a === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(a))
      ) {
        throw invalidParams('Invalid params: expected up to 128 base-58 account addresses');
      }
      const to = clock.slotAt('processed');
      const from = Math.max(0, to - PRIORITIZATION_SLOTS + 1);
      return prioritization.recent(from, to, accounts, ledger.slot);
    },
    getEpochInfo: (p) => {
      const slot = at(p, 0);
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: Math.floor(slot / SLOTS_PER_EPOCH),
        slotIndex: slot % SLOTS_PER_EPOCH,
        slotsInEpoch: SLOTS_PER_EPOCH,
        transactionCount: ledger.store.size,
      };
    },
    // Mainnet's schedule: 432,000 slots an epoch from the start, no warm-up epochs.
    getEpochSchedule: () => ({
      firstNormalEpoch: 0,
      firstNormalSlot: 0,
      leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
      slotsPerEpoch: SLOTS_PER_EPOCH,
      warmup: false,
    }),
    getLatestBlockhash: (p) => ctx(clock.latestBlockhash(commitment(config(p, 0))), config(p, 0)),
    isBlockhashValid: (p) => ctx(clock.isBlockhashValid(String(p[0])), config(p, 1)),
    getMinimumBalanceForRentExemption: (p) =>
      ledger.svm.minimumBalanceForRentExemption(u64(p[0] ?? 0, 'data length')),
    getFeeForMessage: (p) => {
      let message: VersionedMessage;
      try {
        message = VersionedMessage.deserialize(Buffer.from(String(p[0]), 'base64'));
      } catch {
        throw invalidParams('invalid message: failed to deserialize');
      }
      const fee = clock.isBlockhashValid(message.recentBlockhash) ? feeForMessage(message) : null;
      return ctx(fee, config(p, 1));
    },
    getClusterNodes: () => {
      const { rpc, pubsub } = node();
      return [
        {
          pubkey: identity,
          gossip: null,
          tpu: null,
          tpuQuic: null,
          rpc,
          pubsub,
          version: API_VERSION,
          featureSet: FEATURE_SET,
          shredVersion: 0,
        },
      ];
    },
    getRecentPerformanceSamples: (p) => {
      const limit = p[0] === undefined ? 720 : Number(p[0]);
      if (!Number.isInteger(limit) || limit < 0 || limit > 720) {
        throw invalidParams('Invalid limit; max 720');
      }
      return samples.latest(limit);
    },
  };
}
