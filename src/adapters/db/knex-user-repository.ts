import type { Knex } from 'knex';
import type { UserRepository } from '../../app/ports';
import type { User } from '../../domain/entities';
import { guard } from './db-errors';
import { toUser, type UserRow } from './rows';

const first = (rows: UserRow[]) => (rows[0] ? toUser(rows[0]) : null);

export class KnexUserRepository implements UserRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  findById(id: number): Promise<User | null> {
    return guard(async () => first(await this.db('users').where({ id }).select('*')));
  }

  findByWallet(walletAddress: string): Promise<User | null> {
    return guard(async () =>
      first(await this.db('users').where({ wallet_address: walletAddress }).select('*')),
    );
  }

  create(input: { walletAddress: string; username: string }): Promise<User> {
    return guard(async () => {
      const rows: UserRow[] = await this.db('users')
        .insert({ wallet_address: input.walletAddress, username: input.username })
        .returning('*');
      return toUser(rows[0]!);
    });
  }

  findOrCreate(walletAddress: string): Promise<User> {
    return guard(async () => {
      // ON CONFLICT DO NOTHING waits for a concurrent insert of the same wallet, so the
      // select below sees the winner's row once it has committed.
      const inserted: UserRow[] = await this.db('users')
        .insert({ wallet_address: walletAddress, username: '' })
        .onConflict('wallet_address')
        .ignore()
        .returning('*');
      const user = first(inserted) ?? (await this.findByWallet(walletAddress));
      if (!user) throw new Error('The user vanished while being created');
      return user;
    });
  }
}
