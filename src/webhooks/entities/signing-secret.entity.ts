import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from '../../accounts/entities/account.entity';

/**
 * A webhook signing secret (`whsec_...`). Stored encrypted (AES-256-GCM with
 * SECRETS_ENCRYPTION_KEY) because the service must read it back to sign.
 */
@Entity({ name: 'signing_secrets' })
@Index('idx_signing_secrets_account', ['accountId'])
export class SigningSecretEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_signing_secrets' })
  id!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  @ForeignKey(() => AccountEntity, { name: 'fk_signing_secrets_account' })
  accountId!: string;

  /** iv (12 bytes) + auth tag (16 bytes) + ciphertext. */
  @Column({ name: 'encrypted_secret', type: 'bytea' })
  encryptedSecret!: Buffer;

  @Column({ type: 'varchar', length: 64 })
  preview!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** When it began to sign; null while staged (created, handed to receivers, not signing yet). */
  @Column({ name: 'activated_at', type: 'timestamptz', nullable: true })
  activatedAt!: Date | null;

  /** When it was retired (revoked); it never signs again. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
