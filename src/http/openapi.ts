import { BOOK_DOCUMENT_SCHEMA } from '../book/book-document.schema';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_VERSION } from '../common/legacy-alias';
import { SERVICE_NAME } from '../catalog/catalog';
import { AppConfig } from '../config/app-config';
import { ErrorEnvelopeDto } from '../common/dto/error-envelope.dto';
import { WebhookPayloadDto } from '../webhooks/dto/webhook-payload.dto';

const DESCRIPTION = `
Asynchronous book generation. Submit a job with **POST /v1/book**, then poll **GET /v1/status/{requestId}**
(or receive a signed webhook) and download the result from **GET /v1/download/{requestId}**.

* Authentication: send your API key in the \`X-API-Key\` header (POST /v1/book, POST /v1/books/batch, the cancel
  route, GET /v1/books, GET /v1/usage, GET /v1/credits). Status, download and the event stream are public.
* Limits per key on POST /v1/book: one request per 6 seconds, 15 per 24-hour window starting at the window's
  first request. A batch counts once against the 6 seconds and once per valid item against the window; nothing
  else is limited. Answers carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; a 429 carries
  \`Retry-After\`. Retry 429 answers with exponential backoff.
* Credits: model 2.0 costs 250, model 3.0 costs 500, images add 50%; the final charge varies with length by at most
  10%. A job the credit pool cannot cover ends \`failed\` with error \`Insufficient credits\`.
* Every error answer is \`{success:false, error, details?, errorCode}\`.
`.trim();

/** OpenAPI 3.1 `webhooks`: the one call the service makes to clients (spec section 6). */
const WEBHOOKS = {
  bookFinished: {
    post: {
      summary: 'A job ended (completed or failed)',
      description:
        'Sent once per finished job to its webhook_url, as application/json. Verify `X-Service-Signature` ' +
        '(`t=<unix>,v1=<hex>`): HMAC-SHA256 over `<t>.<raw body>` keyed with your `whsec_` secret; reject when ' +
        'the header or a part is missing, when |now - t| > 300 s, or when no v1 matches (constant-time compare). ' +
        'During a secret rotation the header carries one v1 per active secret. Use `X-Scriptorium-Delivery` to ' +
        'drop duplicates. Answer 2xx within 30 s; otherwise the delivery is retried after 1, 5 and 30 minutes.',
      parameters: [
        {
          name: 'X-Service-Signature',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          example: 't=1767225600,v1=5f2b...',
        },
        { name: 'X-Scriptorium-Delivery', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } },
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookPayloadDto' } } },
      },
      responses: { '200': { description: 'Any 2xx acknowledges the delivery' } },
    },
  },
};

export function buildOpenApiDocument(app: NestFastifyApplication, config: AppConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(`${SERVICE_NAME} book generation API`)
    .setDescription(DESCRIPTION)
    .setVersion('1.0')
    .setOpenAPIVersion('3.1.0')
    .addServer(new URL(config.BASE_URL).origin, 'This deployment')
    .addApiKey({ type: 'apiKey', name: 'X-API-Key', in: 'header', description: 'Your API key (bk_live_...)' }, 'ApiKey')
    .build();
  const document = markLegacyAliases(
    SwaggerModule.createDocument(app, builder, {
      extraModels: [ErrorEnvelopeDto, WebhookPayloadDto],
      // Stable ids whatever the version: generated clients name their methods after them.
      operationIdFactory: (controller, method) => `${controller}_${method}`,
    }),
  );
  // The `json` output format's schema (versioned with the book document), published beside the API's own.
  const schemas: Record<string, unknown> = { ...document.components?.schemas, BookDocument: BOOK_DOCUMENT_SCHEMA };
  return { ...document, components: { ...document.components, schemas }, webhooks: WEBHOOKS } as OpenAPIObject;
}

/**
 * A `@LegacyAlias()` handler appears at both of its paths: the unversioned
 * copy is the same operation, marked deprecated, under its own operation id.
 */
function markLegacyAliases(document: OpenAPIObject): OpenAPIObject {
  const versioned = `/v${API_VERSION}`;
  const paths: OpenAPIObject['paths'] = {};
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as Array<{ operationId?: string }>) {
      // Swagger numbers the paths of a multi-path handler (`_create[0]`); the id stays the handler's.
      if (typeof operation?.operationId === 'string')
        operation.operationId = operation.operationId.replace(/\[\d+\]$/, '');
    }
  }
  for (const [path, item] of Object.entries(document.paths)) {
    const successor = document.paths[`${versioned}${path}`];
    if (path.startsWith(`${versioned}/`) || !successor) {
      paths[path] = item;
      continue;
    }
    const legacy: Record<string, unknown> = { ...item };
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const) {
      const operation = item[method];
      if (!operation) continue;
      legacy[method] = {
        ...operation,
        operationId: `${operation.operationId ?? method}Legacy`,
        summary: `${operation.summary ?? ''} (deprecated unversioned path)`.trim(),
        description:
          `Behaves exactly like ${method.toUpperCase()} ${versioned}${path} and adds Deprecation, Sunset and Link ` +
          `headers. Use ${versioned}${path}.`,
        deprecated: true,
      };
    }
    paths[path] = legacy;
  }
  return { ...document, paths };
}

/** Serves the UI at /docs and the document at /docs-json. */
export function setupOpenApi(app: NestFastifyApplication, config: AppConfig): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, config), {
    jsonDocumentUrl: 'docs-json',
    customSiteTitle: `${SERVICE_NAME} API`,
  });
}
