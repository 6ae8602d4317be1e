import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestApp, TestApp } from './support/test-app';

/** /docs documents every route, and the committed openapi.json matches the code. */
describe('OpenAPI document', () => {
  let t: TestApp;
  let document: any;

  beforeAll(async () => {
    t = await startTestApp({ BASE_URL: 'http://localhost:3000/v1' });
    const response = await t.app.inject({ method: 'GET', url: '/docs-json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI document', async () => {
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
    expect(document.openapi).toBe('3.1.0');
  });

  it('declares each parameter once (header names compared as HTTP does, case-insensitively) and requires no header', () => {
    const problems: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        const seen = new Set<string>();
        for (const parameter of operation.parameters ?? []) {
          const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
          const where = `${method.toUpperCase()} ${path}: ${parameter.in} ${parameter.name}`;
          if (seen.has(`${parameter.in}:${name}`)) problems.push(`${where} is declared twice`);
          seen.add(`${parameter.in}:${name}`);
          // The API key is a security scheme, not a parameter; every other header is optional.
          if (parameter.in === 'header' && parameter.required) problems.push(`${where} is required`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('covers every route the service answers', () => {
    const expected = {
      '/v1/book': ['post'],
      '/book': ['post'],
      '/v1/status/{requestId}': ['get'],
      '/status/{requestId}': ['get'],
      '/v1/download/{requestId}': ['get'],
      '/v1/configuration': ['get'],
      '/v1/models': ['get'],
      '/v1/usage': ['get'],
      '/v1/books': ['get'],
      '/v1/books/batch': ['post'],
      '/v1/credits': ['get'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(document.paths[path] ?? {})).toEqual(expect.arrayContaining(methods));
    }
    const served = t.app
      .getHttpAdapter()
      .getInstance()
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .filter((line: string) => line.includes('(GET') || line.includes('(POST'));
    expect(served.length).toBeGreaterThan(0);
  });

  it('documents the API key scheme, the enums, errors and the webhook', () => {
    expect(document.components.securitySchemes.ApiKey).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    );
    const request = document.components.schemas.CreateBookDto.properties;
    expect(request.style.enum).toHaveLength(32);
    expect(request.type.enum).toHaveLength(9);
    expect(request.output_format.enum).toEqual(['txt', 'pdf', 'epub', 'md', 'html', 'json']);
    expect(request.model.enum).toEqual(['2.0', '3.0']);
    const post = document.paths['/v1/book'].post;
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['202', '400', '401', '403', '413', '429', '503']),
    );
    expect(post.security).toEqual([{ ApiKey: [] }]);
    expect(document.paths['/book'].post.deprecated).toBe(true);
    expect(document.webhooks.bookFinished.post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/WebhookPayloadDto',
    );
    expect(document.components.schemas.ErrorCode.enum).toEqual(
      expect.arrayContaining(['RATE_LIMIT_EXCEEDED', 'INVALID_WEBHOOK_URL', 'JOB_START_FAILED']),
    );
  });

  it('matches the committed openapi.json (run `npm run openapi:write` after an API change)', () => {
    const committed = JSON.parse(readFileSync('openapi.json', 'utf8'));
    expect(document).toEqual(committed);
  });

  it('serves the documentation UI at /docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
