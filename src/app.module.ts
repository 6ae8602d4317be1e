import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module';
import { AuthModule } from './auth/auth.module';
import { BooksModule } from './books/books.module';
import { CatalogModule } from './catalog/catalog.module';
import { CommonModule } from './common/common.module';
import { CreditsHttpModule } from './credits/credits-http.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { ExtensionsModule } from './extensions/extensions.module';
import type { ExtensionModule } from './extensions/scriptorium-extension.decorator';
import { HealthModule } from './health/health.module';
import { JobEventsModule } from './job-events/job-events.module';
import { MetricsHttpModule } from './metrics/metrics-http.module';
import { MetricsModule } from './metrics/metrics.module';
import { QueuesModule } from './queues/queues.module';
import { RedisModule } from './redis/redis.module';
import { StatusModule } from './status/status.module';
import { UsageModule } from './usage/usage.module';
import { WebConsoleModule } from './web-console/web-console.module';
import { WorkerModule } from './worker/worker.module';

/** The shared foundation of every entrypoint: configuration, database, Redis, queues. */
export function coreImports(config: AppConfig) {
  return [ConfigModule.forRoot(config), CommonModule, MetricsModule, DatabaseModule, RedisModule, QueuesModule];
}

export interface AppModuleOptions {
  /**
   * A deploying team's modules, each marked with @ScriptoriumExtension: book
   * providers, renderers, artifact storage, API-key authentication
   * (docs/architecture.md, examples/custom-extension). Give every process
   * (API and workers) the same list.
   */
  extensions?: readonly ExtensionModule[];
}

/** Root module of the HTTP API and/or the worker, by ROLE (DESIGN.md section 1). */
@Module({})
export class AppModule {
  static forRole(config: AppConfig, options: AppModuleOptions = {}): DynamicModule {
    const serveHttp = config.ROLE !== 'worker';
    const runWorkers = config.ROLE !== 'api';
    return {
      module: AppModule,
      imports: [
        ...coreImports(config),
        ExtensionsModule.forRoot(options.extensions ?? []),
        ...(serveHttp
          ? [
              AccountsModule,
              AuthModule,
              BooksModule,
              StatusModule,
              JobEventsModule,
              CatalogModule,
              UsageModule,
              CreditsHttpModule,
              HealthModule,
              MetricsHttpModule,
              WebConsoleModule,
            ]
          : []),
        ...(runWorkers ? [WorkerModule] : []),
      ],
      providers: serveHttp ? [{ provide: APP_FILTER, useClass: HttpExceptionFilter }] : [],
    };
  }
}
