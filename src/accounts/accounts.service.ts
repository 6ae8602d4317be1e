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
}
