import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AccountEntity } from './entities/account.entity';

@Injectable()
export class AccountsRepository {
  constructor(@InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>) {}

  insert(name: string): Promise<AccountEntity> {
    return this.accounts.save(this.accounts.create({ name, creditBalance: 0 }));
  }

  findById(id: string): Promise<AccountEntity | null> {
    return this.accounts.findOne({ where: { id } });
  }
}
