import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { SigningSecretEntity } from './entities/signing-secret.entity';

@Injectable()
export class SigningSecretsRepository {
  constructor(@InjectRepository(SigningSecretEntity) private readonly secrets: Repository<SigningSecretEntity>) {}

  insert(accountId: string, encryptedSecret: Buffer, preview: string): Promise<SigningSecretEntity> {
    return this.secrets.save(this.secrets.create({ accountId, encryptedSecret, preview, revokedAt: null }));
  }

  listByAccount(accountId: string): Promise<SigningSecretEntity[]> {
    return this.secrets.find({ where: { accountId }, order: { createdAt: 'ASC' } });
  }

  /** Active secrets, newest first: the order signatures are written in. */
  listActive(accountId: string): Promise<SigningSecretEntity[]> {
    return this.secrets.find({ where: { accountId, revokedAt: IsNull() }, order: { createdAt: 'DESC' } });
  }

  async revoke(id: string): Promise<boolean> {
    const result = await this.secrets.update({ id, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    return (result.affected ?? 0) > 0;
  }
}
