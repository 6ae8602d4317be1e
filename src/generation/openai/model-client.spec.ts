import { APIError } from 'openai';
import { estimateTokens, retryDelay } from './model-client';

describe('the model client’s arithmetic', () => {
  it('waits what the server asks before a retry: retry-after-ms, Retry-After seconds or date, else a jittered backoff', () => {
    const withHeaders = (headers: Record<string, string>) =>
      new APIError(429, { message: 'slow down' }, 'slow down', new Headers(headers));
    expect(retryDelay(withHeaders({ 'retry-after-ms': '1500' }), 1)).toBe(1500);
    expect(retryDelay(withHeaders({ 'retry-after': '2' }), 1)).toBe(2000);
    // A server asking for an hour still gets at most a minute: a job must finish.
    expect(retryDelay(withHeaders({ 'retry-after': '3600' }), 1)).toBe(60_000);
    const backoff = retryDelay(withHeaders({}), 3);
    expect(backoff).toBeGreaterThanOrEqual(1500);
    expect(backoff).toBeLessThanOrEqual(2500);
  });

  it('estimates tokens from text when a server sends no usage: four characters a token, one per CJK character', () => {
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('東京の夜')).toBe(4);
  });
});
