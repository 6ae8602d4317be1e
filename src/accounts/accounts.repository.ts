import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Not, Repository } from 'typeorm';
import { AccountEntity } from './entities/account.entity';

@Injectable()
export class AccountsRepository {
  constructor(@InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>) {}

  insert(name: string): Promise<AccountEntity> {
    return this.accounts.save(this.accounts.create({ name, creditBalance: 0, suspendedAt: null }));
  }

  findById(id: string): Promise<AccountEntity | null> {
    return this.accounts.findOne({ where: { id } });
  }

  /** Newest first; `ids` narrows the list to those accounts (a console member's). */
  list(ids?: readonly string[]): Promise<AccountEntity[]> {
    return this.accounts.find({
      where: ids ? { id: In([...ids]) } : {},
      order: { createdAt: 'DESC', id: 'ASC' },
    });
  }

  /** Returns false when the account does not exist or already was in that state. */
  async setSuspended(id: string, suspended: boolean): Promise<boolean> {
    const result = await this.accounts.update(
      { id, suspendedAt: suspended ? IsNull() : Not(IsNull()) },
      { suspendedAt: suspended ? () => 'now()' : null },
    );
    return (result.affected ?? 0) > 0;
  }
}
