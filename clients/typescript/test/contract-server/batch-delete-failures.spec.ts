import { ScriptoriumClient } from '../../src/client';
import { ContractServer, errorEnvelope, jobStatus, sendJson } from '../support/contract-server';

const ID = '3f0b2c7e-5d1a-4c8e-9a51-2f6f0c1d9b7a';

/**
 * How batch and delete are repeated after a failure of the service: a local
 * server fails on demand, as the real one cannot be made to.
 */
describe('batch and delete after a failure of the service (local contract server)', () => {
  let server: ContractServer;
  let client: ScriptoriumClient;

  beforeEach(async () => {
    server = new ContractServer();
    client = new ScriptoriumClient({ baseUrl: await server.start(), apiKey: 'bk_live_contract' });
  });
  afterEach(() => server.stop());

  it('batch() retries a 503 with the same Idempotency-Key', async () => {
    let calls = 0;
    server.route('POST /v1/books/batch', (_request, response) => {
      calls++;
      if (calls === 1) {
        sendJson(response, 503, errorEnvelope('JOB_START_FAILED', 'The job could not be started'), {
          'Retry-After': '0',
        });
        return;
      }
      sendJson(response, 200, {
        results: [
          {
            status: 202,
            body: {
              success: true,
              requestId: ID,
              status: 'queued',
              statusUrl: `http://127.0.0.1/v1/status/${ID}`,
              message: 'Book generation started.',
            },
          },
        ],
      });
    });

    const results = await client.batch([{}]);

    expect(results[0]?.ok).toBe(true);
    const keys = server.requestsTo('POST /v1/books/batch').map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('books.delete() is not repeated after a 500, which may have deleted the file', async () => {
    server.route(`DELETE /v1/book/${ID}`, (_request, response) =>
      sendJson(response, 500, errorEnvelope('INTERNAL_ERROR', 'Internal error')),
    );

    await expect(client.books.delete(ID)).rejects.toMatchObject({ status: 500 });
    expect(server.requestsTo(`DELETE /v1/book/${ID}`)).toHaveLength(1);
  });

  it('books.delete() is repeated after a 503, when the service said it did nothing', async () => {
    let calls = 0;
    server.route(`DELETE /v1/book/${ID}`, (_request, response) => {
      calls++;
      if (calls === 1) {
        sendJson(response, 503, errorEnvelope('SERVICE_UNAVAILABLE', 'Service unavailable'), { 'Retry-After': '0' });
        return;
      }
      sendJson(response, 200, jobStatus(ID, 'completed', 100, { fileDeletedAt: '2026-01-02T00:00:00.000Z' }));
    });

    await expect(client.books.delete(ID)).resolves.toMatchObject({ fileDeletedAt: '2026-01-02T00:00:00.000Z' });
    expect(server.requestsTo(`DELETE /v1/book/${ID}`)).toHaveLength(2);
  });
});
