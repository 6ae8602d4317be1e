import { BOOK_STYLES, BOOK_TYPES, MODELS, OUTPUT_FORMATS } from '../src/catalog/catalog';
import { startTestApp, TestApp } from './support/test-app';

describe('Catalog: GET /v1/configuration and GET /v1/models', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists every style, type and format of the contract without a key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/configuration' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      data: { styles: [...BOOK_STYLES], types: [...BOOK_TYPES], formats: [...OUTPUT_FORMATS] },
    });
    expect(body.data.styles).toHaveLength(32);
    expect(body.data.types).toHaveLength(9);
    expect(body.data.formats).toEqual(['txt', 'pdf', 'epub', 'md', 'html', 'json']);
  });

  it('lists both models with their base price', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/models' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toEqual(
      MODELS.map((model) => ({ ...model, description: expect.stringContaining(model.description) as string })),
    );
    // This deployment runs the default provider: every description says its books are samples.
    for (const model of body.data) expect(model.description).toMatch(/builtin offline writer: sample books/);
    expect(body.data.map((m: { id: string; cost_per_book: number }) => [m.id, m.cost_per_book])).toEqual([
      ['2.0', 250],
      ['3.0', 500],
    ]);
    for (const model of body.data) {
      expect(typeof model.name).toBe('string');
      expect(typeof model.description).toBe('string');
    }
  });
});
