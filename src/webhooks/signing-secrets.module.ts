import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SigningSecretEntity } from './entities/signing-secret.entity';
import { SigningSecretsRepository } from './signing-secrets.repository';
import { SigningSecretsService } from './signing-secrets.service';

/** Kept apart from WebhooksModule so the console can manage secrets without queues. */
@Module({
  imports: [TypeOrmModule.forFeature([SigningSecretEntity])],
  providers: [SigningSecretsRepository, SigningSecretsService],
  exports: [SigningSecretsService],
})
export class SigningSecretsModule {}
