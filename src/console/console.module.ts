import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { CommonModule } from '../common/common.module';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { CreditsModule } from '../credits/credits.module';
import { DatabaseModule } from '../database/database.module';
import { SigningSecretsModule } from '../webhooks/signing-secrets.module';
import { AuditLogModule } from '../web-console/audit-log.module';
import { ConsoleUsersModule } from '../web-console/console-users.module';
import { ConsoleCommands } from './console-commands';

/** The operator console needs only PostgreSQL: no Redis, no queues, no HTTP (console users and the audit log included). */
@Module({})
export class ConsoleModule {
  static forConfig(config: AppConfig) {
    return {
      module: ConsoleModule,
      imports: [
        ConfigModule.forRoot(config),
        CommonModule,
        DatabaseModule,
        AccountsModule,
        AuthModule,
        CreditsModule,
        SigningSecretsModule,
        ConsoleUsersModule,
        AuditLogModule,
      ],
      providers: [ConsoleCommands],
      exports: [ConsoleCommands],
    };
  }
}
