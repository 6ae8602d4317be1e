import { AccountEntity } from '../accounts/entities/account.entity';
import { ApiKeyEntity } from '../auth/entities/api-key.entity';
import { BookJobEntity } from '../jobs/entities/book-job.entity';
import { IdempotencyKeyEntity } from '../jobs/entities/idempotency-key.entity';
import { CreditLedgerEntryEntity } from '../credits/entities/credit-ledger-entry.entity';
import { GenerationSectionEntity } from '../generation/entities/generation-section.entity';
import { ArtifactEntity } from '../storage/entities/artifact.entity';
import { ApiKeyUsageEntity } from '../usage/entities/api-key-usage.entity';
import { SigningSecretEntity } from '../webhooks/entities/signing-secret.entity';
import { WebhookAttemptEntity } from '../webhooks/entities/webhook-attempt.entity';
import { WebhookDeliveryEntity } from '../webhooks/entities/webhook-delivery.entity';

/** Every entity, for the one DataSource shared by the service, the CLI and migrations. */
export const ENTITIES = [
  AccountEntity,
  ApiKeyEntity,
  CreditLedgerEntryEntity,
  BookJobEntity,
  ArtifactEntity,
  GenerationSectionEntity,
  SigningSecretEntity,
  WebhookDeliveryEntity,
  WebhookAttemptEntity,
  IdempotencyKeyEntity,
  ApiKeyUsageEntity,
];
