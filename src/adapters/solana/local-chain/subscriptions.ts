import type { WebSocket } from 'ws';
import type { Ledger } from './ledger';
import type { Handler } from './rpc-methods';
import { API_VERSION } from './rpc-methods';
import { stringify } from './json';
import type { TxRecord } from './tx-store';
import { FINALITY_DEPTH } from './views';

type Kind = 'signature' | 'account' | 'slot';
interface Subscription {
  id: number;
  kind: Kind;
  socket: WebSocket;
  key?: string;
  finalized: boolean;
  config: Record<string, unknown>;
}

/** signatureSubscribe, accountSubscribe and slotSubscribe over the node's WebSocket. */
export class Subscriptions {
  private nextId = 1;
  private readonly subs = new Map<number, Subscription>();
  private pendingFinal: { record: TxRecord; sub: Subscription }[] = [];

  constructor(
    private readonly ledger: Ledger,
    private readonly methods: Record<string, Handler>,
  ) {
    ledger.onTransaction((record) => this.landed(record));
  }

  /** Handles one subscription call; returns its result, or undefined when `method` is not ours. */
  call(socket: WebSocket, method: string, params: unknown[]): unknown {
    const match = /^(signature|account|slot)(Subscribe|Unsubscribe)$/.exec(method);
    if (!match) return undefined;
    if (match[2] === 'Unsubscribe') return this.subs.delete(Number(params[0]));
    const kind = match[1] as Kind;
    const config = (kind === 'slot' ? {} : (params[1] ?? {})) as Record<string, unknown>;
    const sub: Subscription = {
      id: this.nextId++,
      kind,
      socket,
      key: kind === 'slot' ? undefined : String(params[0]),
      finalized: (config.commitment ?? 'finalized') === 'finalized',
      config,
    };
    this.subs.set(sub.id, sub);
    if (kind === 'signature') {
      const record = this.ledger.store.get(sub.key!);
      if (record) setImmediate(() => this.signatureLanded(record, sub));
    }
    return sub.id;
  }

  dropSocket(socket: WebSocket): void {
    for (const [id, sub] of this.subs) if (sub.socket === socket) this.subs.delete(id);
  }

  slotTick(): void {
    const slot = this.ledger.slot;
    for (const sub of this.subs.values()) {
      if (sub.kind === 'slot')
        this.send(
          sub,
          'slotNotification',
          { parent: slot - 1, root: Math.max(0, slot - FINALITY_DEPTH), slot },
          false,
        );
    }
    const due = this.pendingFinal.filter((p) => slot - p.record.slot >= FINALITY_DEPTH);
    if (due.length === 0) return;
    this.pendingFinal = this.pendingFinal.filter((p) => !due.includes(p));
    for (const { record, sub } of due) if (this.subs.has(sub.id)) this.notifySignature(record, sub);
  }

  private landed(record: TxRecord): void {
    for (const sub of this.subs.values()) {
      if (sub.kind === 'signature' && sub.key === record.signature)
        this.signatureLanded(record, sub);
      if (sub.kind === 'account' && record.accountKeys.includes(sub.key!)) {
        const value = (this.methods.getAccountInfo!([sub.key, sub.config]) as { value: unknown })
          .value;
        this.send(sub, 'accountNotification', value, true);
      }
    }
  }

  private signatureLanded(record: TxRecord, sub: Subscription): void {
    if (sub.finalized && this.ledger.slot - record.slot < FINALITY_DEPTH) {
      this.pendingFinal.push({ record, sub });
      return;
    }
    this.notifySignature(record, sub);
  }

  private notifySignature(record: TxRecord, sub: Subscription): void {
    this.subs.delete(sub.id);
    this.send(sub, 'signatureNotification', { err: record.err }, true);
  }

  private send(sub: Subscription, method: string, value: unknown, withContext: boolean): void {
    const result = withContext
      ? { context: { apiVersion: API_VERSION, slot: this.ledger.slot }, value }
      : value;
    if (sub.socket.readyState !== sub.socket.OPEN) return;
    sub.socket.send(
      stringify({ jsonrpc: '2.0', method, params: { result, subscription: sub.id } }),
    );
  }
}
