import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { CreditsModule } from '../credits/credits.module';
import { JobsModule } from '../jobs/jobs.module';
import { RetentionModule } from '../retention/retention.module';
import { StatusModule } from '../status/status.module';
import { UsageModule } from '../usage/usage.module';
import { SigningSecretsModule } from '../webhooks/signing-secrets.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AuditLogModule } from './audit-log.module';
import { ConsoleAccess } from './console-access';
import { ConsoleAccountsController } from './console-accounts.controller';
import { ConsoleAssetsController } from './console-assets.controller';
import { ConsoleAuditController } from './console-audit.controller';
import { ConsoleCreditsController } from './console-credits.controller';
import { ConsoleJobsController } from './console-jobs.controller';
import { ConsoleKeysController } from './console-keys.controller';
import { ConsoleSecretsController } from './console-secrets.controller';
import { ConsoleWebhooksController } from './console-webhooks.controller';
import { ConsoleExceptionFilter } from './console-exception.filter';
import { ConsoleNotFoundController } from './console-not-found.controller';
import { ConsolePages } from './console-pages';
import { ConsoleSessionGuard } from './console-session.guard';
import { ConsoleSessionsRepository } from './console-sessions.repository';
import { ConsoleSessionsService } from './console-sessions.service';
import { ConsoleUsersModule } from './console-users.module';
import { ConsoleSessionEntity } from './entities/console-session.entity';
import { SignInController } from './sign-in.controller';
import { SignInThrottle } from './sign-in-throttle';
import { FaviconController } from './favicon.controller';

/**
 * The web console at /console: server-rendered pages over the same services
 * as the API and the operator CLI. Its routes need no API key; they have
 * their own sessions, CSRF tokens and roles (ConsoleController, ConsoleRoute).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ConsoleSessionEntity]),
    AccountsModule,
    AuthModule,
    CreditsModule,
    SigningSecretsModule,
    UsageModule,
    JobsModule,
    RetentionModule,
    StatusModule,
    WebhooksModule,
    AuditLogModule,
    ConsoleUsersModule,
  ],
  controllers: [
    SignInController,
    ConsoleAccountsController,
    ConsoleKeysController,
    ConsoleSecretsController,
    ConsoleCreditsController,
    ConsoleJobsController,
    ConsoleWebhooksController,
    ConsoleAuditController,
    ConsoleAssetsController,
    FaviconController,
    ConsoleNotFoundController,
  ],
  providers: [
    ConsoleSessionsRepository,
    ConsoleSessionsService,
    ConsoleSessionGuard,
    ConsoleExceptionFilter,
    ConsolePages,
    ConsoleAccess,
    SignInThrottle,
  ],
  exports: [ConsoleSessionsService, ConsolePages, ConsoleAccess, AuditLogModule],
})
export class WebConsoleModule {}
