import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/app-config';
import { GENERATION_CONFIG_SECTIONS } from '../generation/generation-settings';
import { createFastifyAdapter, enableApiVersioning } from './http-app';
import { buildOpenApiDocument } from './openapi';

/**
 * Writes openapi.json, the committed copy of the API description; a test
 * fails when it drifts from the code, so API changes show up in review.
 * Builds the document without connecting to anything.
 */
export function openApiConfig() {
  return loadConfig(
    {
      ROLE: 'api',
      BASE_URL: 'http://localhost:3000/v1',
      SECRETS_ENCRYPTION_KEY: '0'.repeat(64),
    },
    GENERATION_CONFIG_SECTIONS,
  );
}

async function main(): Promise<void> {
  const config = openApiConfig();
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRole(config), createFastifyAdapter(), {
    logger: false,
    preview: true,
    abortOnError: false,
    bodyParser: false,
  });
  enableApiVersioning(app);
  const document = buildOpenApiDocument(app, config);
  writeFileSync('openapi.json', `${JSON.stringify(document, null, 2)}\n`);
  await app.close();
  process.stderr.write('Wrote openapi.json\n');
}

if (require.main === module) {
  void main();
}
