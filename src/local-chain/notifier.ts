import type { Address } from '@solana/kit';
import type { WebSocket } from 'ws';
import { encodeAccount } from './account-view';
import { blockView } from './blocks';
import type { Commitment } from './chain-clock';
import { stringify } from './json';
import type { Ledger } from './ledger';
import { filtersOf } from './rpc-accounts';
import { RpcError } from './rpc-error';
import { API_VERSION, type Config } from './rpc-params';
import { txEncoding } from './tx-encode';
import type { TxRecord } from './tx-store';

export interface Subscription {
  id: number;
  kind: 'signature' | 'account' | 'slot' | 'logs' | 'program' | 'root' | 'block';
  socket: WebSocket;
  /** The signature, account, program or mentioned address it watches (null: everything). */
  key: string | null;
  commitment: Commitment;
  config: Config;
}

const SYSTEM = '11111111111111111111111111111111';

/** Turns what happens on the ledger into notifications, each at its subscription's commitment. */
export class Notifier {
  private awaiting: Record<'confirmed' | 'finalized', TxRecord[]> = {
    confirmed: [],
    finalized: [],
  };
  private blocks: Record<'confirmed' | 'finalized', number>;
  private root: number;

  constructor(
    private readonly ledger: Ledger,
    private readonly subs: Map<number, Subscription>,
    private readonly gate: () => Promise<void> | null,
  ) {
    const { clock } = ledger;
    this.blocks = { confirmed: clock.slot - 1, finalized: clock.finalizedSlot() };
    this.root = clock.finalizedSlot();
    ledger.onTransaction(({ record }) => {
      this.reached(record, 'processed');
      this.awaiting.confirmed.push(record);
      this.awaiting.finalized.push(record);
      this.advance();
    });
  }

  slotTick(): void {
    const { slot } = this.ledger.clock;
    const root = this.ledger.clock.finalizedSlot();
    for (const sub of this.subs.values()) {
      if (sub.kind === 'slot') this.send(sub, 'slotNotification', { parent: slot - 1, root, slot });
      if (sub.kind === 'root' && root !== this.root) this.send(sub, 'rootNotification', root);
    }
    this.root = root;
    this.advance();
  }

  signature(record: TxRecord, sub: Subscription): void {
    this.subs.delete(sub.id);
    this.send(sub, 'signatureNotification', this.withContext({ err: record.err }));
  }

  private advance(): void {
    const { clock } = this.ledger;
    const tops = { confirmed: clock.confirmedSlot(), finalized: clock.finalizedSlot() };
    for (const level of ['confirmed', 'finalized'] as const) {
      const top = tops[level];
      const due = this.awaiting[level].filter((r) => r.slot <= top);
      this.awaiting[level] = this.awaiting[level].filter((r) => r.slot > top);
      for (const record of due) this.reached(record, level);
      // A block is complete once its slot is over.
      const last = Math.min(top, clock.slot - 1);
      for (let slot = this.blocks[level] + 1; slot <= last; slot += 1) this.block(slot, level);
      this.blocks[level] = Math.max(this.blocks[level], last);
    }
  }

  private reached(record: TxRecord, level: Commitment): void {
    for (const sub of this.subs.values()) {
      if (sub.commitment !== level) continue;
      const mentioned = sub.key !== null && record.accountKeys.includes(sub.key);
      if (sub.kind === 'signature' && sub.key === record.signature) this.signature(record, sub);
      if (sub.kind === 'logs' && (sub.key === null || mentioned)) {
        const value = { signature: record.signature, err: record.err, logs: record.logs };
        this.send(sub, 'logsNotification', this.withContext(value));
      }
      if (sub.kind === 'account' && mentioned) {
        this.send(sub, 'accountNotification', this.withContext(this.account(sub.key!, sub)));
      }
      if (sub.kind === 'program') this.program(record, sub);
    }
  }

  private program(record: TxRecord, sub: Subscription): void {
    const tests = filtersOf(sub.config.filters);
    for (const key of new Set(record.accountKeys)) {
      const found = this.ledger.svm.getAccount(key as Address);
      if (!found.exists || found.programAddress !== sub.key) continue;
      if (!tests.every((test) => test(Buffer.from(found.data)))) continue;
      const value = { pubkey: key, account: encodeAccount(this.ledger, found, sub.config) };
      this.send(sub, 'programNotification', this.withContext(value));
    }
  }

  private block(slot: number, level: Commitment): void {
    for (const sub of this.subs.values()) {
      if (sub.kind !== 'block' || sub.commitment !== level) continue;
      const records = this.ledger.store.inSlots(slot, slot);
      if (sub.key !== null && !records.some((r) => r.accountKeys.includes(sub.key!))) continue;
      let value: unknown;
      try {
        const block = blockView(this.ledger, slot, {
          encoding: txEncoding(sub.config.encoding),
          transactionDetails: (sub.config.transactionDetails ?? 'full') as 'full',
          rewards: sub.config.showRewards !== false,
          maxSupportedTransactionVersion: sub.config.maxSupportedTransactionVersion,
        });
        value = { slot, err: null, block };
      } catch (error) {
        if (!(error instanceof RpcError)) throw error;
        value = { slot, err: { UnsupportedTransactionVersion: 0 }, block: null };
      }
      this.send(sub, 'blockNotification', this.withContext(value, slot));
    }
  }

  /** A closed account is announced as an empty one, as a node does. */
  private account(key: string, sub: Subscription) {
    const found = this.ledger.svm.getAccount(key as Address);
    return (
      encodeAccount(this.ledger, found, sub.config) ?? {
        data: ['', 'base64'],
        executable: false,
        lamports: 0n,
        owner: SYSTEM,
        rentEpoch: 18446744073709551615n,
        space: 0,
      }
    );
  }

  private withContext(value: unknown, slot = this.ledger.slot) {
    return { context: { apiVersion: API_VERSION, slot }, value };
  }

  private send(sub: Subscription, method: string, result: unknown): void {
    const text = stringify({ jsonrpc: '2.0', method, params: { result, subscription: sub.id } });
    const deliver = () => {
      if (sub.socket.readyState === sub.socket.OPEN) sub.socket.send(text);
    };
    const gate = this.gate();
    if (gate) gate.then(deliver, () => undefined);
    else deliver();
  }
}
