import type {
  ChainHistoryRepository,
  IncomingTransfer,
  OutgoingTransfer,
  WalletTransfers,
} from '../../app/ports';
import type { Scope } from './memory-database';
import { frozen } from './tables';

const key = (wallet: string, t: IncomingTransfer) => `${wallet}|${t.signature}|${t.from}`;
const outKey = (wallet: string, t: OutgoingTransfer) => `${wallet}|${t.signature}|${t.to}`;

export class MemoryChainHistory implements ChainHistoryRepository {
  constructor(private readonly scope: Scope) {}

  async cursor(wallet: string): Promise<string | null> {
    return this.scope.read().chainCursors.get(wallet) ?? null;
  }

  add(wallet: string, read: WalletTransfers, newest: string | null) {
    return this.scope.write((tables) => {
      for (const t of [...read.transfers].reverse()) {
        if (!tables.chainTransfers.has(key(wallet, t))) {
          tables.chainTransfers.set(key(wallet, t), frozen({ ...t, wallet }));
        }
      }
      for (const t of [...read.outgoing].reverse()) {
        if (!tables.chainOutgoing.has(outKey(wallet, t))) {
          tables.chainOutgoing.set(outKey(wallet, t), frozen({ ...t, wallet }));
        }
      }
      tables.chainCursors.set(wallet, newest);
    });
  }

  async transfers(wallet: string): Promise<IncomingTransfer[]> {
    return [...this.scope.read().chainTransfers.values()]
      .filter((t) => t.wallet === wallet)
      .map(({ wallet: _, ...t }) => t);
  }

  async outgoing(wallet: string): Promise<OutgoingTransfer[]> {
    return [...this.scope.read().chainOutgoing.values()]
      .filter((t) => t.wallet === wallet)
      .map(({ wallet: _, ...t }) => t);
  }

  reset(wallet: string) {
    return this.scope.write((tables) => {
      for (const [k, t] of tables.chainTransfers)
        if (t.wallet === wallet) tables.chainTransfers.delete(k);
      for (const [k, t] of tables.chainOutgoing)
        if (t.wallet === wallet) tables.chainOutgoing.delete(k);
      tables.chainCursors.delete(wallet);
    });
  }
}
