import type { UserRepository } from '../../app/ports';
import type { User } from '../../domain/entities';
import { uniqueViolation } from '../schema/constraint-errors';
import { checks, int4, notBlank, required, timestamp } from './columns';
import type { MemoryDatabase, Scope } from './memory-database';
import { frozen, type Tables } from './tables';

const copy = (row: Readonly<User> | undefined): User | null => (row ? { ...row } : null);

const byWallet = (tables: Tables, walletAddress: string) =>
  [...tables.users.values()].find((u) => u.walletAddress === walletAddress);

export class MemoryUserRepository implements UserRepository {
  constructor(
    private readonly db: MemoryDatabase,
    private readonly scope: Scope,
  ) {}

  async findById(id: number): Promise<User | null> {
    return copy(this.scope.read().users.get(int4(id)));
  }

  async findByWallet(walletAddress: string): Promise<User | null> {
    return copy(byWallet(this.scope.read(), walletAddress));
  }

  create(input: { walletAddress: string; username: string }): Promise<User> {
    return this.scope.write((tables) => {
      const user = this.row(input.walletAddress, input.username);
      if (byWallet(tables, user.walletAddress)) throw uniqueViolation('users_wallet_address_key');
      tables.users.set(user.id, user);
      return { ...user };
    });
  }

  findOrCreate(walletAddress: string): Promise<User> {
    return this.scope.write((tables) => {
      // Like INSERT ... ON CONFLICT DO NOTHING, which takes an id even when it inserts nothing.
      const user = this.row(walletAddress, '');
      const found = byWallet(tables, walletAddress);
      if (found) return { ...found };
      tables.users.set(user.id, user);
      return { ...user };
    });
  }

  /** The row an INSERT would write: defaults and id first, then the checks. */
  private row(walletAddress: string, username: string | undefined): Readonly<User> {
    required(walletAddress, 'users');
    const row = frozen({
      id: this.db.nextId('users'),
      walletAddress,
      username: username ?? '',
      createdAt: timestamp(this.scope.now()),
    });
    checks({ users_wallet_address_not_blank: notBlank(walletAddress) });
    return row;
  }
}
