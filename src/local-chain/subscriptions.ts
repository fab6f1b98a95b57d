import type { WebSocket } from 'ws';
import type { Commitment } from './chain-clock';
import { checkEncoding } from './account-view';
import type { Ledger } from './ledger';
import { Notifier, type Subscription } from './notifier';
import { invalidParams } from './rpc-error';
import { address, commitment, config } from './rpc-params';
import { commitmentOf } from './views';

const KINDS = ['signature', 'account', 'slot', 'logs', 'program', 'root', 'block'] as const;
type Kind = (typeof KINDS)[number];
const OURS = new RegExp(`^(${KINDS.join('|')})(Subscribe|Unsubscribe)$`);
const RANK: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 };

/** Whether `method` is a subscription call this chain answers. */
export const isOwnSubscription = (method: string) => OURS.test(method);

function logsFilter(filter: unknown): string | null {
  if (filter === 'all' || filter === 'allWithVotes') return null;
  const mentions = (filter as { mentions?: unknown })?.mentions;
  if (!Array.isArray(mentions)) {
    throw invalidParams(
      'Invalid params: expected "all", "allWithVotes" or { mentions: [address] }',
    );
  }
  if (mentions.length !== 1) throw invalidParams('Invalid Request: Only 1 address supported');
  return address(mentions[0]);
}

function blockFilter(filter: unknown): string | null {
  if (filter === 'all') return null;
  const mentions = (filter as { mentionsAccountOrProgram?: unknown })?.mentionsAccountOrProgram;
  if (mentions === undefined) {
    throw invalidParams('Invalid params: expected "all" or { mentionsAccountOrProgram }');
  }
  return address(mentions);
}

/**
 * The node's WebSocket subscriptions: signature, account, slot, logs, program, root and block.
 * Each notification waits for `gate` (the write-ahead log) before it leaves.
 */
export class Subscriptions {
  private nextId = 1;
  private readonly subs = new Map<number, Subscription>();
  private readonly notifier: Notifier;

  constructor(
    private readonly ledger: Ledger,
    gate: () => Promise<void> | null = () => null,
  ) {
    this.notifier = new Notifier(ledger, this.subs, gate);
  }

  /** Handles one subscription call; returns its result, or undefined when `method` is not ours. */
  call(socket: WebSocket, method: string, params: unknown[]): unknown {
    const match = OURS.exec(method);
    if (!match) return undefined;
    if (match[2] === 'Unsubscribe') return this.subs.delete(Number(params[0]));
    const kind = match[1] as Kind;
    const takesKey = kind !== 'slot' && kind !== 'root';
    const cfg = takesKey ? config(params, 1) : {};
    const sub: Subscription = {
      id: this.nextId,
      kind,
      socket,
      key: null,
      commitment: commitment(cfg) ?? 'finalized',
      config: cfg,
    };
    if (kind === 'signature') sub.key = String(params[0]);
    if (kind === 'account' || kind === 'program') {
      sub.key = address(params[0]);
      checkEncoding(cfg);
    }
    if (kind === 'logs') sub.key = logsFilter(params[0]);
    if (kind === 'block') sub.key = blockFilter(params[0]);
    this.nextId += 1;
    this.subs.set(sub.id, sub);
    if (kind === 'signature') this.alreadyThere(sub);
    return sub.id;
  }

  dropSocket(socket: WebSocket): void {
    for (const [id, sub] of this.subs) if (sub.socket === socket) this.subs.delete(id);
  }

  slotTick(): void {
    this.notifier.slotTick();
  }

  /** A signature that reached the asked commitment before the subscription is told at once. */
  private alreadyThere(sub: Subscription): void {
    const record = this.ledger.store.get(sub.key!);
    if (!record) return;
    const level = commitmentOf(record, this.ledger.clock);
    if (RANK[level] >= RANK[sub.commitment]) {
      setImmediate(() => this.notifier.signature(record, sub));
    }
  }
}
