import { Injectable } from '@nestjs/common';
import { AccountsRepository } from './accounts.repository';
import { AccountEntity } from './entities/account.entity';

export class AccountNotFoundError extends Error {
  constructor(accountId: string) {
    super(`No account with id ${accountId}`);
  }
}

@Injectable()
export class AccountsService {
  constructor(private readonly accounts: AccountsRepository) {}

  create(name: string): Promise<AccountEntity> {
    return this.accounts.insert(name);
  }

  async get(accountId: string): Promise<AccountEntity> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw new AccountNotFoundError(accountId);
    return account;
  }

  /** Every account, or only those of `ids`; newest first. */
  list(ids?: readonly string[]): Promise<AccountEntity[]> {
    return this.accounts.list(ids);
  }

  /**
   * A suspended account's API keys are refused with 403 on every keyed route
   * (ApiKeysService.verify, and again in the admitting transaction); lifting
   * the suspension lets them in again. Returns false when nothing changed.
   */
  suspend(accountId: string): Promise<boolean> {
    return this.accounts.setSuspended(accountId, true);
  }

  unsuspend(accountId: string): Promise<boolean> {
    return this.accounts.setSuspended(accountId, false);
  }
}
