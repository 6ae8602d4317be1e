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
import { AuditLogEntryEntity } from '../web-console/entities/audit-log-entry.entity';
import { ConsoleMembershipEntity } from '../web-console/entities/console-membership.entity';
import { ConsoleSessionEntity } from '../web-console/entities/console-session.entity';
import { ConsoleUserEntity } from '../web-console/entities/console-user.entity';

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
  ConsoleUserEntity,
  ConsoleMembershipEntity,
  ConsoleSessionEntity,
  AuditLogEntryEntity,
];
