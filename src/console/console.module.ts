import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { CommonModule } from '../common/common.module';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { CreditsModule } from '../credits/credits.module';
import { DatabaseModule } from '../database/database.module';
import { SigningSecretsModule } from '../webhooks/signing-secrets.module';
import { ConsoleCommands } from './console-commands';

/** The operator console needs only PostgreSQL: no Redis, no queues, no HTTP. */
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
      ],
      providers: [ConsoleCommands],
      exports: [ConsoleCommands],
    };
  }
}
