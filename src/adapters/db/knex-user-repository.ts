import type { Knex } from 'knex';
import type { UserRepository } from '../../app/ports';
import type { User } from '../../domain/entities';
import { guard } from './db-errors';
import { UserModel } from './models/user-model';
import { toUser, type UserRow } from './rows';

const maybe = (row: UserRow | undefined) => (row ? toUser(row) : null);

export class KnexUserRepository implements UserRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  /** Every model query runs on `db` (the knex or this repository's transaction). */
  private users() {
    return UserModel.query(this.db);
  }

  findById(id: number): Promise<User | null> {
    return guard(async () => maybe(await this.users().findById(id)));
  }

  findByWallet(walletAddress: string): Promise<User | null> {
    return guard(async () => maybe(await this.users().findOne({ wallet_address: walletAddress })));
  }

  create(input: { walletAddress: string; username: string }): Promise<User> {
    return guard(async () =>
      toUser(
        await this.users()
          .insert({ wallet_address: input.walletAddress, username: input.username })
          .returning('*'),
      ),
    );
  }

  findOrCreate(walletAddress: string): Promise<User> {
    return guard(async () => {
      // Plain knex: objection's insert hands back its input when ON CONFLICT skips the row.
      // ON CONFLICT DO NOTHING waits for a concurrent insert of the same wallet, so the
      // select below sees the winner's row once it has committed.
      const inserted: UserRow[] = await this.db(UserModel.tableName)
        .insert({ wallet_address: walletAddress, username: '' })
        .onConflict('wallet_address')
        .ignore()
        .returning('*');
      const user = maybe(inserted[0]) ?? (await this.findByWallet(walletAddress));
      if (!user) throw new Error('The user vanished while being created');
      return user;
    });
  }
}
