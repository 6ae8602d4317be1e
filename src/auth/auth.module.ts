import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import {
  API_KEY_AUTHENTICATOR,
  EXTENSION_API_KEY_AUTHENTICATOR,
  type ApiKeyAuthenticator,
} from './api-key-authenticator';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyEntity } from './entities/api-key.entity';

@Module({
  imports: [TypeOrmModule.forFeature([ApiKeyEntity]), AccountsModule],
  providers: [
    ApiKeysRepository,
    ApiKeysService,
    {
      // The keys of the `api_keys` table, unless an extension sets an authenticator of its own.
      provide: API_KEY_AUTHENTICATOR,
      inject: [ApiKeysService, { token: EXTENSION_API_KEY_AUTHENTICATOR, optional: true }],
      useFactory: (keys: ApiKeysService, extension?: ApiKeyAuthenticator): ApiKeyAuthenticator => extension ?? keys,
    },
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
  // API_KEY_AUTHENTICATOR for KeyRecheckInterceptor, which `@RevocationCheckedByRoute()` puts on a route of the importer.
  exports: [ApiKeysService, ApiKeysRepository, API_KEY_AUTHENTICATOR],
})
export class AuthModule {}
