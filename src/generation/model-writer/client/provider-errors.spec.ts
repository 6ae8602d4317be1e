import { APIConnectionError, APIError } from 'openai';
import { GenerationError } from '../../generation.errors';
import { toGenerationError } from './provider-errors';

const settings = { maxRetries: 2, timeoutMs: 30_000 };

function apiError(status: number, body: Record<string, unknown>): APIError {
  return APIError.generate(status, { error: body }, undefined, new Headers());
}

describe('toGenerationError', () => {
  it.each([
    [
      'OpenAI',
      {
        message:
          "This model's maximum context length is 8192 tokens. However, your messages resulted in 9120 tokens. Please reduce the length of the messages.",
        type: 'invalid_request_error',
        code: 'context_length_exceeded',
      },
      ' of 8192 tokens',
    ],
    [
      'vLLM',
      {
        message: "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens.",
        type: 'BadRequestError',
        code: 400,
      },
      ' of 4096 tokens',
    ],
    [
      'llama.cpp',
      {
        message: 'the request exceeds the available context size, try increasing it',
        type: 'exceed_context_size_error',
      },
      '',
    ],
  ])(
    'tells a prompt refused by %s for its context window, for good, quoting only the limit',
    (_server, body, limit) => {
      const error = toGenerationError(apiError(400, body), settings, 'chapter 3');
      expect(error).toBeInstanceOf(GenerationError);
      expect(error).toMatchObject({
        permanent: true,
        message:
          `The model provider refused the prompt for chapter 3: it does not fit the model's context window${limit} ` +
          '(400); the operator must give the model a larger one',
      });
      expect((error as Error).message).not.toMatch(/resulted in|requested|try increasing/);
    },
  );

  it('keeps other 400s, 401s and 5xx to their status, never quoting the provider (which may quote the key)', () => {
    expect(toGenerationError(apiError(400, { message: 'Unknown parameter: foo' }), settings)).toMatchObject({
      message: 'The model provider failed: 400 Bad Request after 1 attempt',
      permanent: true,
    });
    expect(
      toGenerationError(apiError(401, { message: 'Incorrect API key provided: sk-abc123456789' }), settings),
    ).toMatchObject({ message: 'The model provider failed: 401 Unauthorized after 1 attempt', permanent: true });
    expect(toGenerationError(apiError(503, { message: 'overloaded' }), settings)).toMatchObject({
      message: 'The model provider failed: 503 Service Unavailable after 3 attempts',
      permanent: false,
    });
    expect(toGenerationError(new APIConnectionError({ message: 'down' }), settings)).toMatchObject({
      message: 'The model provider could not be reached after 3 attempts',
    });
  });
});
