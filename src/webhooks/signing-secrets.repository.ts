import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, Repository } from 'typeorm';
import { SigningSecretEntity } from './entities/signing-secret.entity';

@Injectable()
export class SigningSecretsRepository {
  constructor(@InjectRepository(SigningSecretEntity) private readonly secrets: Repository<SigningSecretEntity>) {}

  /** A new secret, signing from now on or `staged` (not signing until promoted); times from the database's clock. */
  async insert(
    accountId: string,
    encryptedSecret: Buffer,
    preview: string,
    { staged }: { staged: boolean },
  ): Promise<SigningSecretEntity> {
    const result = await this.secrets.insert({
      accountId,
      encryptedSecret,
      preview,
      activatedAt: staged ? null : () => 'clock_timestamp()',
      revokedAt: null,
    });
    return this.secrets.findOneByOrFail({ id: (result.identifiers[0] as { id: string }).id });
  }

  findById(id: string): Promise<SigningSecretEntity | null> {
    return this.secrets.findOneBy({ id });
  }

  listByAccount(accountId: string): Promise<SigningSecretEntity[]> {
    return this.secrets.find({ where: { accountId }, order: { createdAt: 'ASC' } });
  }

  /** Secrets that sign, in the order they began to: the most recently promoted last, as its `v1` is written. */
  listSigning(accountId: string): Promise<SigningSecretEntity[]> {
    return this.secrets.find({
      where: { accountId, revokedAt: IsNull(), activatedAt: Not(IsNull()) },
      order: { activatedAt: 'ASC', createdAt: 'ASC' },
    });
  }

  /** A staged secret begins to sign; false when it is not staged (unknown, already signing, or retired). */
  async promote(id: string): Promise<boolean> {
    const result = await this.secrets.update(
      { id, activatedAt: IsNull(), revokedAt: IsNull() },
      { activatedAt: () => 'clock_timestamp()' },
    );
    return (result.affected ?? 0) > 0;
  }

  async revoke(id: string): Promise<boolean> {
    const result = await this.secrets.update({ id, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    return (result.affected ?? 0) > 0;
  }
}
