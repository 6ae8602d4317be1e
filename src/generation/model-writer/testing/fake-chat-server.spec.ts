import Ajv from 'ajv';
import OpenAI, { APIConnectionError, BadRequestError, InternalServerError } from 'openai';
import type { ChatCompletionChunk, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { guessLatinLanguage, languageMismatch } from '../checks/language';
import { schemaBlock } from '../client/model-client';
import {
  countTokens,
  NOTES_MARKER,
  startFakeChatServer,
  TINY_PNG_BASE64,
  valueFromSchema,
  wordCount,
  type FakeChatServer,
  type FakeChatServerOptions,
} from './fake-chat-server';

/** Talks to the fake only through the real SDK (and raw fetch where the SDK hides the wire). */

const ajv = new Ajv({ strict: false, allErrors: true });

let server: FakeChatServer | undefined;

async function start(options: FakeChatServerOptions = {}, maxRetries = 0) {
  server = await startFakeChatServer(options);
  return { server, client: new OpenAI({ baseURL: server.baseUrl, apiKey: 'x', maxRetries }) };
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const CAST = [
  'Characters (keep names exactly):',
  '- Mara Quinn (keeper): forty, weathered, stubborn.',
  '- Tomas Hale (fisherman): old, kind.',
].join('\n');

function proseMessages(
  words: number | string,
  language = 'English (en)',
): Array<{ role: 'system' | 'user'; content: string }> {
  return [
    { role: 'system', content: 'You are a skilled author writing one chapter of a novel.' },
    {
      role: 'user',
      content: `${CAST}\n\nLanguage of the book: ${language}.\nWrite chapter 1 of 12 now, about ${words} words.`,
    },
  ];
}

/** A strict schema with nesting, exact-length arrays, enums and nullable fields. */
const PLAN_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    language: { type: 'string' },
    mood: { type: 'string', enum: ['dark', 'hopeful', 'wry'] },
    characters: {
      type: 'array',
      minItems: 5,
      maxItems: 5,
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          role: { type: 'string', enum: ['lead', 'support', 'villain'] },
          age: { type: ['integer', 'null'], minimum: 10, maximum: 90 },
          nickname: { type: ['string', 'null'] },
          traits: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'string' } },
        },
        required: ['name', 'role', 'age', 'nickname', 'traits'],
        additionalProperties: false,
      },
    },
    chapters: {
      type: 'array',
      minItems: 5,
      maxItems: 5,
      items: {
        type: 'object',
        properties: {
          number: { type: 'integer', minimum: 1 },
          title: { type: 'string' },
          words: { type: 'integer', minimum: 800, maximum: 2500 },
          summary: { type: 'string', description: '3 to 5 sentences, with names.' },
          setting: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          beats: {
            type: 'object',
            properties: {
              opening: { type: 'string' },
              turn: { type: 'string' },
              closing: { type: ['string', 'null'] },
            },
            required: ['opening', 'turn', 'closing'],
            additionalProperties: false,
          },
        },
        required: ['number', 'title', 'words', 'summary', 'setting', 'beats'],
        additionalProperties: false,
      },
    },
  },
  required: ['title', 'language', 'mood', 'characters', 'chapters'],
  additionalProperties: false,
};

interface Plan {
  title: string;
  language: string;
  characters: Array<{ name: string }>;
  chapters: Array<{ number: number; words: number; summary: string }>;
}

const NOTES_SCHEMA = {
  type: 'object',
  properties: {
    summary: { type: 'string', description: '3 to 5 sentences: what this section actually says.' },
    closing_state: { type: 'string' },
    facts: { type: 'array', maxItems: 12, items: { type: 'string' } },
  },
  required: ['summary', 'closing_state', 'facts'],
  additionalProperties: false,
};

async function collect(stream: AsyncIterable<ChatCompletionChunk>) {
  const chunks: ChatCompletionChunk[] = [];
  let text = '';
  let error: unknown;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk);
      text += chunk.choices[0]?.delta.content ?? '';
    }
  } catch (caught) {
    error = caught;
  }
  return { chunks, text, error };
}

function paragraphsOf(text: string): string[] {
  return text.split('\n\n');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('fake chat server: streaming and limits', () => {
  it('streams OpenAI chunks that reassemble to the non-streamed answer, with usage in a last chunk', async () => {
    const { client, server } = await start();
    const request: ChatCompletionCreateParamsNonStreaming = { model: 'gpt-test', messages: proseMessages(300) };
    const whole = await client.chat.completions.create(request);
    const stream = await client.chat.completions.create({
      ...request,
      stream: true,
      stream_options: { include_usage: true },
    });
    const { chunks, text, error } = await collect(stream);

    expect(error).toBeUndefined();
    expect(text).toBe(whole.choices[0]!.message.content);
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant' });
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === 'gpt-test')).toBe(true);
    const finish = chunks[chunks.length - 2]!;
    expect(finish.choices[0]!.finish_reason).toBe('stop');
    const last = chunks[chunks.length - 1]!;
    expect(last.choices).toEqual([]);
    const prompt = countTokens(request.messages.map((message) => message.content as string).join('\n'));
    expect(last.usage).toEqual({
      prompt_tokens: prompt,
      completion_tokens: countTokens(text),
      total_tokens: prompt + countTokens(text),
    });
    expect(whole.usage).toEqual(last.usage);
    expect(server.calls.map((call) => [call.kind, call.stream, call.status, call.outcome])).toEqual([
      ['prose', false, 200, 'answered'],
      ['prose', true, 200, 'answered'],
    ]);
    expect(server.calls[1]!.kindIndex).toBe(1);
    expect(server.tokensServed()).toEqual({ prompt: 2 * prompt, completion: 2 * countTokens(text) });
  });

  it('sends server-sent events exactly like OpenAI on the wire, ending with [DONE]', async () => {
    const { server } = await start();
    const response = await fetch(`${server.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: proseMessages(40), stream: true }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.every((event) => event.startsWith('data: '))).toBe(true);
    expect(events[events.length - 1]).toBe('data: [DONE]');
    const payloads = events.slice(0, -1).map((event) => JSON.parse(event.slice(6)));
    // Without include_usage there is no usage chunk and no usage key.
    expect(payloads.every((payload) => payload.choices.length === 1 && !('usage' in payload))).toBe(true);
    expect(payloads[payloads.length - 1].choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
  });

  it('cuts the answer at max_tokens, mid-sentence, with finish_reason "length"', async () => {
    const { client } = await start();
    const whole = (await client.chat.completions.create({ model: 'm', messages: proseMessages(600) })).choices[0]!
      .message.content!;
    const cut = await client.chat.completions.create({ model: 'm', messages: proseMessages(600), max_tokens: 50 });

    const text = cut.choices[0]!.message.content!;
    expect(cut.choices[0]!.finish_reason).toBe('length');
    expect(cut.usage!.completion_tokens).toBe(50);
    expect(countTokens(text)).toBe(50);
    // The same request with a limit: the same text, stopped short.
    expect(whole.startsWith(text)).toBe(true);
    expect(text.length).toBeLessThan(whole.length);

    const streamed = await collect(
      await client.chat.completions.create({
        model: 'm',
        messages: proseMessages(600),
        max_completion_tokens: 80,
        stream: true,
      }),
    );
    expect(streamed.text).toBe(whole.slice(0, streamed.text.length));
    expect(countTokens(streamed.text)).toBe(80);
    expect(streamed.chunks[streamed.chunks.length - 1]!.choices[0]!.finish_reason).toBe('length');
  });

  it('writes about the asked words of plain prose, with dialogue and the cast, finish_reason "stop"', async () => {
    const { client, server } = await start();
    const answer = await client.chat.completions.create({ model: 'm', messages: proseMessages('1,200') });
    const text = answer.choices[0]!.message.content!;

    expect(answer.choices[0]!.finish_reason).toBe('stop');
    expect(answer.choices[0]!.message.refusal).toBeNull();
    expect(server.calls[0]).toMatchObject({ kind: 'prose', targetWords: 1200, language: 'en', responseFormat: 'none' });
    expect(wordCount(text)).toBeGreaterThan(1200 * 0.88);
    expect(wordCount(text)).toBeLessThan(1200 * 1.12);

    const paragraphs = paragraphsOf(text);
    expect(paragraphs.length).toBeGreaterThan(8);
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
    expect(paragraphs.every((paragraph) => paragraph.trim() === paragraph && paragraph !== '')).toBe(true);
    // Narrative paragraphs hold 3 to 7 sentences (the last may be shorter); about one in four is a conversation.
    const narrative = paragraphs.filter((paragraph) => !paragraph.includes('"'));
    for (const paragraph of narrative.slice(0, -1)) {
      expect(paragraph.split(/(?<=\.)\s+/).length).toBeGreaterThanOrEqual(3);
      expect(paragraph.split(/(?<=\.)\s+/).length).toBeLessThanOrEqual(7);
    }
    const conversations = paragraphs.length - narrative.length;
    expect(conversations / paragraphs.length).toBeGreaterThan(0.05);
    expect(conversations / paragraphs.length).toBeLessThan(0.5);
    // Printed-book dialogue: a quotation, then its speech tag.
    expect(text).toMatch(/"[A-Z][^"]*[,?]" (Mara|Tomas) (said|asked|murmured|whispered|replied|added|wanted)/);
    expect(text).toContain('Mara');
    expect(text).toContain('Tomas');
    expect(text).not.toMatch(/^(Sure|Here|Certainly|Chapter)/);
  });

  it('writes the share of the target set by wordRatio, or by a wordRatio fault for one call', async () => {
    const { client } = await start({
      wordRatio: 0.5,
      script: (call) => (call.index === 1 ? { wordRatio: 3 } : undefined),
    });
    const half = await client.chat.completions.create({ model: 'm', messages: proseMessages(1000) });
    expect(wordCount(half.choices[0]!.message.content!)).toBeLessThan(600);
    expect(wordCount(half.choices[0]!.message.content!)).toBeGreaterThan(400);

    const long = await client.chat.completions.create({ model: 'm', messages: proseMessages(1000), max_tokens: 2000 });
    expect(long.choices[0]!.finish_reason).toBe('length');
    expect(long.usage!.completion_tokens).toBe(2000);
  });

  it('counts CJK characters one token each and writes Japanese to the word budget', async () => {
    const { client, server } = await start();
    const answer = await client.chat.completions.create({
      model: 'm',
      messages: proseMessages(500, 'Japanese (ja)'),
    });
    const text = answer.choices[0]!.message.content!;
    const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
    expect(cjk / text.replace(/\s|[A-Za-z]/g, '').length).toBeGreaterThan(0.8);
    expect(answer.usage!.completion_tokens).toBe(countTokens(text));
    expect(answer.usage!.completion_tokens).toBeGreaterThanOrEqual(cjk);
    expect(wordCount(text)).toBeGreaterThan(500 * 0.88);
    expect(wordCount(text)).toBeLessThan(500 * 1.12);
    expect(server.calls[0]!.language).toBe('ja');
  });

  it('never cuts with ignoreMaxTokens', async () => {
    const { client } = await start({ ignoreMaxTokens: true });
    const answer = await client.chat.completions.create({ model: 'm', messages: proseMessages(300), max_tokens: 20 });
    expect(answer.choices[0]!.finish_reason).toBe('stop');
    expect(answer.usage!.completion_tokens).toBeGreaterThan(200);
  });
});

describe('fake chat server: languages', () => {
  const wordsOf = (text: string): string[] => text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const share = (words: string[], list: string[]) => words.filter((word) => list.includes(word)).length / words.length;

  it('writes French prose that reads as French, not English', async () => {
    const { client, server } = await start();
    const answer = await client.chat.completions.create({ model: 'm', messages: proseMessages(800, 'French (fr)') });
    const text = answer.choices[0]!.message.content!;
    expect(server.calls[0]!.language).toBe('fr');
    // Read by the detector the pipeline checks every answer with.
    expect(guessLatinLanguage(text)?.language).toBe('fr');
    expect(languageMismatch(text, 'fr')).toBeUndefined();
    expect(languageMismatch(text, 'en')).toMatch(/reads as fr/);
    expect(wordsOf(text).filter((word) => word === 'the' || word === 'and')).toEqual([]);
    expect(answer.choices[0]!.message.content).toMatch(/«\u00a0[^»]+»,? \p{Ll}+ (Mara|Tomas)/u);
  });

  it('writes Spanish and German with their own common words', async () => {
    const { client } = await start();
    const spanish = await client.chat.completions.create({ model: 'm', messages: proseMessages(500, 'Spanish (es)') });
    const german = await client.chat.completions.create({ model: 'm', messages: proseMessages(500, 'German (de)') });
    const es = wordsOf(spanish.choices[0]!.message.content!);
    const de = wordsOf(german.choices[0]!.message.content!);
    expect(share(es, ['el', 'la', 'los', 'las', 'y', 'de', 'que', 'en', 'un', 'una', 'se', 'del'])).toBeGreaterThan(
      0.15,
    );
    expect(
      share(de, ['der', 'die', 'das', 'und', 'den', 'dem', 'ein', 'eine', 'im', 'am', 'auf', 'nicht']),
    ).toBeGreaterThan(0.12);
    expect(es.filter((word) => word === 'the')).toEqual([]);
    expect(de.filter((word) => word === 'the')).toEqual([]);
  });
});

describe('fake chat server: structured answers', () => {
  it('answers a strict json_schema call with a value that validates, in the book language', async () => {
    const { client, server } = await start();
    const answer = await client.chat.completions.create({
      model: 'm',
      messages: [
        { role: 'system', content: 'You plan books.' },
        { role: 'user', content: `${CAST}\nLanguage of the book: French (fr).\nPlan the book.` },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'book_plan', schema: PLAN_SCHEMA, strict: true } },
    });
    const value = JSON.parse(answer.choices[0]!.message.content!) as Plan;

    expect(ajv.validate(PLAN_SCHEMA, value)).toBe(true);
    expect(ajv.errors).toBeNull();
    expect(answer.choices[0]!.finish_reason).toBe('stop');
    expect(server.calls[0]).toMatchObject({ kind: 'structured', name: 'book_plan', responseFormat: 'json_schema' });
    expect(value.language).toBe('fr');
    // The cast first, then invented names: never two characters with one name.
    expect(value.characters.slice(0, 2).map((character) => character.name)).toEqual(['Mara Quinn', 'Tomas Hale']);
    expect(new Set(value.characters.map((character) => character.name)).size).toBe(5);
    expect(value.chapters.map((chapter) => chapter.number)).toEqual([1, 2, 3, 4, 5]);
    expect(value.chapters.every((chapter) => chapter.words >= 800 && chapter.words <= 2500)).toBe(true);
    expect(value.chapters[0]!.summary.split(/(?<=\.)\s/).length).toBeGreaterThanOrEqual(3);

    // Deterministic: the same request, the same answer.
    const again = await client.chat.completions.create({
      model: 'm',
      messages: [
        { role: 'system', content: 'You plan books.' },
        { role: 'user', content: `${CAST}\nLanguage of the book: French (fr).\nPlan the book.` },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'book_plan', schema: PLAN_SCHEMA, strict: true } },
    });
    expect(again.choices[0]!.message.content).toBe(answer.choices[0]!.message.content);
    expect(server.calls[1]!.kindIndex).toBe(1);
  });

  it('reads a schema block from the prompt in json_object mode and answers plain JSON', async () => {
    const { client, server } = await start({ chattyJson: true });
    const answer = await client.chat.completions.create({
      model: 'm',
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: `Answer with one JSON object.\n${schemaBlock('book_plan', PLAN_SCHEMA)}` },
        { role: 'user', content: 'Plan the book.' },
      ],
    });
    // JSON mode guarantees JSON: no fence even for a chatty model.
    expect(ajv.validate(PLAN_SCHEMA, JSON.parse(answer.choices[0]!.message.content!))).toBe(true);
    expect(server.calls[0]).toMatchObject({
      kind: 'structured',
      name: 'book_plan',
      responseFormat: 'json_object',
      schemaSource: 'prompt',
    });
  });

  it('wraps prompt-only JSON in a fence after a sentence with chattyJson', async () => {
    const { client, server } = await start({ chattyJson: true });
    const answer = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: `Plan the book.\n${schemaBlock('book_plan', PLAN_SCHEMA)}` }],
    });
    const content = answer.choices[0]!.message.content!;
    const fenced = /^[^\n{]+\n\n```json\n([\s\S]+)\n```$/.exec(content);
    expect(fenced).not.toBeNull();
    expect(ajv.validate(PLAN_SCHEMA, JSON.parse(fenced![1]!))).toBe(true);
    expect(server.calls[0]).toMatchObject({ kind: 'structured', responseFormat: 'none', schemaSource: 'prompt' });

    const plain = await startFakeChatServer();
    try {
      const plainClient = new OpenAI({ baseURL: plain.baseUrl, apiKey: 'x', maxRetries: 0 });
      const bare = await plainClient.chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: `Plan the book.\n${schemaBlock('book_plan', PLAN_SCHEMA)}` }],
      });
      expect(ajv.validate(PLAN_SCHEMA, JSON.parse(bare.choices[0]!.message.content!))).toBe(true);
    } finally {
      await plain.close();
    }
  });

  it('answers {} in json_object mode when the prompt has no schema', async () => {
    const { client } = await start();
    const answer = await client.chat.completions.create({
      model: 'm',
      response_format: { type: 'json_object' },
      messages: [{ role: 'user', content: 'Give me JSON.' }],
    });
    expect(answer.choices[0]!.message.content).toBe('{}');
  });

  it('lets a test patch or replace structured answers', async () => {
    const { client } = await start({
      answer: (call, generated) => {
        if (call.kindIndex === 0) return { ...(generated as Plan), title: 'The Fixed Title' };
        return '{"title": "cut off';
      },
    });
    const format = {
      type: 'json_schema' as const,
      json_schema: { name: 'book_plan', schema: PLAN_SCHEMA, strict: true },
    };
    const first = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'Plan.' }],
      response_format: format,
    });
    expect(JSON.parse(first.choices[0]!.message.content!)).toMatchObject({ title: 'The Fixed Title' });
    const second = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'Plan again.' }],
      response_format: format,
    });
    expect(second.choices[0]!.message.content).toBe('{"title": "cut off');
  });

  it('gives titles that leave the patterns a title field refuses, as an editor asked to vary them would', () => {
    const titles = (description?: string) => {
      const schema = {
        type: 'object',
        properties: {
          titles: {
            type: 'array',
            minItems: 40,
            maxItems: 40,
            items: {
              type: 'object',
              properties: { title: { type: 'string', ...(description ? { description } : {}) } },
              required: ['title'],
              additionalProperties: false,
            },
          },
        },
        required: ['titles'],
        additionalProperties: false,
      };
      return (valueFromSchema(schema, 'titles') as { titles: Array<{ title: string }> }).titles.map((t) => t.title);
    };
    const knew = /^What the \S+ Knew$/;
    // Without the refusal the fake's titles do fall into the pattern, so the check below means something.
    expect(titles().some((title) => knew.test(title))).toBe(true);
    expect(titles('A new title, not in the form "What the … Knew"; no label.').some((title) => knew.test(title))).toBe(
      false,
    );
  });

  it('exports valueFromSchema: deterministic, within bounds, following $ref and hints', () => {
    const tree = {
      type: 'object',
      properties: {
        root: { $ref: '#/$defs/node' },
        words: { type: 'integer', minimum: 1000, maximum: 1200 },
        target_words: { type: 'integer' },
        ratio: { type: 'number', minimum: 0, maximum: 1 },
        short: { type: 'string', maxLength: 12 },
        long: { type: 'string', minLength: 400 },
        line: { type: 'string', description: 'At most 6 words.' },
        done: { type: 'boolean' },
        kind: { const: 'tree' },
        present: { type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 3 },
      },
      required: ['root', 'words', 'target_words', 'ratio', 'short', 'long', 'line', 'done', 'kind', 'present'],
      additionalProperties: false,
      $defs: {
        node: {
          type: 'object',
          properties: {
            label: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/node' } },
          },
          required: ['label', 'children'],
          additionalProperties: false,
        },
      },
    };
    const value = valueFromSchema(tree, 'seed-1', { names: ['Ada Byron', 'Charles'] }) as Record<string, any>;
    expect(ajv.validate(tree, value)).toBe(true);
    expect(valueFromSchema(tree, 'seed-1', { names: ['Ada Byron', 'Charles'] })).toEqual(value);
    expect(valueFromSchema(tree, 'seed-2', { names: ['Ada Byron', 'Charles'] })).not.toEqual(value);
    expect(value.target_words).toBe(1500);
    expect(value.done).toBe(true);
    expect(value.present.slice(0, 2)).toEqual(['Ada Byron', 'Charles']);
    expect(new Set(value.present).size).toBe(3);
    expect(wordCount(value.line)).toBeLessThanOrEqual(6);
    expect(
      valueFromSchema({ type: 'object', properties: { language: { type: 'string' } } }, 1, { language: 'de' }),
    ).toEqual({ language: 'de' });
  });
});

describe('fake chat server: following the client', () => {
  const stringList = { type: 'array', items: { type: 'string' } };
  const BIBLE_SCHEMA = {
    type: 'object',
    properties: {
      instructions: { ...stringList, maxItems: 20 },
      characters: {
        type: 'array',
        minItems: 3,
        maxItems: 3,
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, role: { type: 'string' } },
          required: ['name', 'role'],
          additionalProperties: false,
        },
      },
    },
    required: ['instructions', 'characters'],
    additionalProperties: false,
  };
  const OUTLINE_SCHEMA = {
    type: 'object',
    properties: {
      sections: {
        type: 'array',
        minItems: 3,
        maxItems: 3,
        items: {
          type: 'object',
          properties: { title: { type: 'string' }, carries: { ...stringList, maxItems: 6 } },
          required: ['title', 'carries'],
          additionalProperties: false,
        },
      },
    },
    required: ['sections'],
    additionalProperties: false,
  };
  const premise =
    '<client_material>\n<premise>A lighthouse keeper named Mara finds a map. The mayor is the culprit.</premise>\n</client_material>';

  async function answer(schema: Record<string, unknown>, content: string): Promise<any> {
    const { client } = await start();
    const completion = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content }],
      response_format: { type: 'json_schema', json_schema: { name: 'plan', schema, strict: true } },
    });
    await server?.close();
    server = undefined;
    return JSON.parse(completion.choices[0]!.message.content!);
  }

  it('plans with the hero the premise names as the lead, and restates each of its sentences as an instruction', async () => {
    const bible = await answer(BIBLE_SCHEMA, `${premise}\nPlan the book.`);
    expect(ajv.validate(BIBLE_SCHEMA, bible)).toBe(true);
    expect(bible.characters[0]).toEqual({ name: 'Mara', role: 'protagonist' });
    // The others it invents share no first name with her ("Mara Ward" beside Mara) or each other, even in a
    // cast large enough that chance would give two the same one.
    const cast = { ...BIBLE_SCHEMA.properties.characters, minItems: 9, maxItems: 9 };
    const large = await answer(
      { ...BIBLE_SCHEMA, properties: { ...BIBLE_SCHEMA.properties, characters: cast } },
      premise,
    );
    const firstNames = large.characters.map((character: { name: string }) => character.name.split(' ')[0]);
    expect(new Set(firstNames).size).toBe(9);
    expect(bible.characters.slice(1).map((character: { role: string }) => character.role)).not.toContain('protagonist');
    expect(bible.instructions).toEqual(['A lighthouse keeper named Mara finds a map.', 'The mayor is the culprit.']);
  });

  it('gives up a name a correction calls the kind models give every character, as a planner asked again would', async () => {
    const named = 'The cast so far: "name": "Elara Voss", "name": "Tomas Reed".';
    const before = await answer(BIBLE_SCHEMA, `${premise}\n${named}\nPlan the book.`);
    expect(JSON.stringify(before.characters)).toContain('Elara Voss');
    const corrected = await answer(
      BIBLE_SCHEMA,
      `${premise}\n${named}\nThat answer needs correcting: /characters/1/name: "Elara" and "Voss" are names ` +
        'language models give characters in book after book.',
    );
    expect(JSON.stringify(corrected.characters)).not.toMatch(/Elara|Voss/);
    expect(JSON.stringify(corrected.characters)).toContain('Tomas Reed');
  });

  it('reads as a planner would what the premise asks of every chapter, and its limits on length, or none', async () => {
    const schema = {
      type: 'object',
      properties: {
        instructions: { ...stringList, maxItems: 20 },
        every_section: { ...stringList, maxItems: 10 },
        section_words_max: { type: ['integer', 'null'], minimum: 50 },
        book_words_max: { type: ['integer', 'null'], minimum: 200 },
      },
      required: ['instructions', 'every_section', 'section_words_max', 'book_words_max'],
      additionalProperties: false,
    };
    const asked = (text: string) => `<client_material>\n<premise>${text}</premise>\n</client_material>\nPlan the book.`;
    expect(
      await answer(
        schema,
        asked('A guide for new managers. Keep each chapter under 2,000 words. End every chapter with a checklist.'),
      ),
    ).toEqual({
      instructions: ['A guide for new managers.'],
      every_section: ['Keep each chapter under 2,000 words.', 'End every chapter with a checklist.'],
      section_words_max: 2000,
      book_words_max: null,
    });
    expect(await answer(schema, asked('A ghost story of no more than 3000 words.'))).toEqual({
      instructions: ['A ghost story of no more than 3000 words.'],
      every_section: [],
      section_words_max: null,
      book_words_max: 3000,
    });
    expect(await answer(schema, premise)).toMatchObject({
      every_section: [],
      section_words_max: null,
      book_words_max: null,
    });
  });

  it('copies listed instructions into the sections that carry them, one section each', async () => {
    const outline = await answer(
      OUTLINE_SCHEMA,
      `${premise}\nThe client's instructions (name each in "carries"):\n- Set chapter two on a train\n- The mayor did it\n\nDetail 3 chapters.`,
    );
    expect(outline.sections.map((section: { carries: string[] }) => section.carries)).toEqual([
      ['Set chapter two on a train'],
      ['The mayor did it'],
      [],
    ]);
  });

  it('takes a name the premise introduces as the lead before a place it mentions', async () => {
    const bible = await answer(
      BIBLE_SCHEMA,
      '<client_material>\n<premise>A winter in Paris. A painter called Jean Roux loses his sight.</premise>\n</client_material>',
    );
    expect(bible.characters[0]).toEqual({ name: 'Jean Roux', role: 'protagonist' });
  });

  it('casts no place the premise names after a preposition ("the island of Skerry", "in Paris")', async () => {
    const bible = await answer(
      BIBLE_SCHEMA,
      '<client_material>\n<premise>A keeper named Mara Ward finds a logbook on the island of Skerry. ' +
        'She sails with Tom Hale, then winters in Paris.</premise>\n</client_material>',
    );
    const names = bible.characters.map((character: { name: string }) => character.name);
    expect(names.slice(0, 2)).toEqual(['Mara Ward', 'Tom Hale']);
    expect(names).not.toContain('Skerry');
    expect(names).not.toContain('Paris');
  });

  it('plans in the language of the premise, or the one it asks for', async () => {
    const schema = { type: 'object', properties: { language: { type: 'string' } }, required: ['language'] };
    const inPremise = (premise: string) => `<client_material>\n<premise>${premise}</premise>\n</client_material>`;
    expect(await answer(schema, inPremise('Une gardienne de phare trouve une carte sous la mer.'))).toEqual({
      language: 'fr',
    });
    expect(await answer(schema, inPremise('Una niña encuentra un mapa bajo el mar.'))).toEqual({ language: 'es' });
    expect(await answer(schema, inPremise('A boy called Kenji finds a robot. Write it in Japanese.'))).toEqual({
      language: 'ja',
    });
    expect(await answer(schema, inPremise('A keeper finds a map.'))).toEqual({ language: 'en' });
  });

  it('edits the paragraphs the prompt shows, by their numbers', async () => {
    const edit = {
      type: 'object',
      properties: { paragraph: { type: 'integer', minimum: 1, maximum: 9 }, replacement: { type: 'string' } },
      required: ['paragraph', 'replacement'],
      additionalProperties: false,
    };
    const schema = {
      type: 'object',
      properties: { edits: { type: 'array', items: edit, minItems: 2, maxItems: 2 } },
      required: ['edits'],
      additionalProperties: false,
    };
    const answered = await answer(schema, 'The paragraphs:\n[3] The door.\n[7] The sea.\nFix them.');
    expect(answered.edits.map((item: { paragraph: number }) => item.paragraph)).toEqual([3, 7]);
  });

  it("plans and writes a subject book about its premise's topics: its terms, explanations, no cast talking", async () => {
    const subjectPremise =
      '<client_material>\n<premise>A textbook for nursing students on medication safety: the five rights, dosage ' +
      'calculation with worked examples, and high-alert drugs.</premise>\n</client_material>';
    const SUBJECT_BIBLE = {
      type: 'object',
      properties: {
        thesis: { type: 'string' },
        concepts: {
          type: 'array',
          minItems: 4,
          maxItems: 4,
          items: {
            type: 'object',
            properties: { term: { type: 'string' }, definition: { type: 'string' } },
            required: ['term', 'definition'],
            additionalProperties: false,
          },
        },
      },
      required: ['thesis', 'concepts'],
      additionalProperties: false,
    };
    const bible = await answer(SUBJECT_BIBLE, `${subjectPremise}\nPlan the book.`);
    const terms = bible.concepts.map((concept: { term: string }) => concept.term);
    expect(terms).toEqual(['The five rights', 'Dosage calculation', 'Worked examples', 'High-alert drugs']);
    expect(bible.thesis).toMatch(/the five rights|dosage calculation|worked examples|high-alert drugs/);

    // A writer given that bible explains its terms; nobody speaks, and no term is cast as a person.
    const { client } = await start();
    const completion = await client.chat.completions.create({
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            subjectPremise,
            'Thesis: Safety is a habit of checks.',
            'Concepts and terms (use these names and definitions consistently):',
            ...bible.concepts.map((concept: { term: string; definition: string }) => `- ${concept.term}: x`),
            'Language of the book: English (en).',
            'Write lesson 1 of 6 now, about 600 words.',
          ].join('\n'),
        },
      ],
    });
    const text = completion.choices[0]!.message.content!;
    expect(text).not.toMatch(/["“]/);
    for (const term of terms) expect(text.toLowerCase()).toContain(term.toLowerCase());
    expect(text).not.toMatch(/\b(?:Dosage|Worked|High-alert) \w+ (?:said|asked|waited|smiled)\b/);
  });

  it('restates nothing when there is no premise', async () => {
    const bible = await answer(
      BIBLE_SCHEMA,
      '<client_material>\n<premise>(none: invent an original, specific premise)</premise>\n</client_material>',
    );
    expect(bible.instructions).toEqual([]);
  });
});

describe('fake chat server: notes trailer', () => {
  const notesPrompt = (words: number, marker: string) => [
    { role: 'system' as const, content: 'You are a skilled author.' },
    {
      role: 'user' as const,
      content:
        `${CAST}\nLanguage of the book: English (en).\nWrite chapter 2 of 12 now, about ${words} words.\n` +
        `Then write your notes after the marker:\n${marker}\n${schemaBlock('section_notes', NOTES_SCHEMA)}`,
    },
  ];

  it('follows the prose with the marker and JSON matching the notes schema', async () => {
    const { client, server } = await start();
    const answer = await client.chat.completions.create({ model: 'm', messages: notesPrompt(400, NOTES_MARKER) });
    const content = answer.choices[0]!.message.content!;
    const [prose, notes, ...rest] = content.split(`\n\n${NOTES_MARKER}\n`);

    expect(rest).toEqual([]);
    expect(wordCount(prose!)).toBeGreaterThan(400 * 0.88);
    expect(ajv.validate(NOTES_SCHEMA, JSON.parse(notes!))).toBe(true);
    expect(server.calls[0]).toMatchObject({ kind: 'prose', notesName: 'section_notes', targetWords: 400 });
    expect(server.calls[0]!.name).toBeUndefined();
    expect(answer.usage!.completion_tokens).toBe(countTokens(content));
  });

  it('also reads a marker written inline, and cuts inside the notes at the token limit', async () => {
    const { client } = await start();
    const inline = notesPrompt(300, `On a line of its own, write ${NOTES_MARKER} and then a JSON object.`);
    const whole = (await client.chat.completions.create({ model: 'm', messages: inline })).choices[0]!.message.content!;
    expect(whole).toContain(`\n\n${NOTES_MARKER}\n{`);

    const cut = await client.chat.completions.create({
      model: 'm',
      messages: inline,
      max_tokens: countTokens(whole) - 5,
    });
    const text = cut.choices[0]!.message.content!;
    expect(cut.choices[0]!.finish_reason).toBe('length');
    expect(text).toContain(NOTES_MARKER);
    expect(() => JSON.parse(text.split(NOTES_MARKER)[1]!)).toThrow();
  });
});

describe('fake chat server: faults and server options', () => {
  const jsonSchemaCall = {
    model: 'm',
    messages: [{ role: 'user' as const, content: 'Plan.' }],
    response_format: {
      type: 'json_schema' as const,
      json_schema: { name: 'book_plan', schema: PLAN_SCHEMA, strict: true },
    },
  };

  it('rejects json_schema with rejectJsonSchema, as a BadRequestError naming response_format', async () => {
    const { client, server } = await start({ rejectJsonSchema: true });
    const error: unknown = await client.chat.completions.create(jsonSchemaCall).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).status).toBe(400);
    expect((error as BadRequestError).error).toEqual({
      message: "response_format.type 'json_schema' is not supported by this model",
      type: 'invalid_request_error',
      param: 'response_format',
      code: null,
    });
    // json_object still works on such a server.
    const fallback = await client.chat.completions.create({
      model: 'm',
      response_format: { type: 'json_object' },
      messages: [{ role: 'user', content: `Plan.\n${schemaBlock('book_plan', PLAN_SCHEMA)}` }],
    });
    expect(ajv.validate(PLAN_SCHEMA, JSON.parse(fallback.choices[0]!.message.content!))).toBe(true);
    expect(server.calls.map((call) => call.status)).toEqual([400, 200]);
  });

  it('rejects any response_format, stream_options and max_tokens when told to', async () => {
    const { client } = await start({ rejectResponseFormat: true, rejectStreamOptions: true, rejectMaxTokens: true });
    await expect(
      client.chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        response_format: { type: 'json_object' },
      }),
    ).rejects.toThrow(/response_format/);
    await expect(
      client.chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        stream: true,
        stream_options: { include_usage: true },
      }),
    ).rejects.toThrow(/stream_options/);
    await expect(
      client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }], max_tokens: 10 }),
    ).rejects.toThrow(/max_completion_tokens/);
    const ok = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      max_completion_tokens: 10,
    });
    expect(ok.choices[0]!.finish_reason).toBe('length');
  });

  it('lets the SDK retry a scripted 429 after its Retry-After, and records both calls', async () => {
    const { client, server } = await start(
      {
        script: (call) =>
          call.index === 0
            ? { status: 429, headers: { 'Retry-After': '1', 'x-ratelimit-remaining-requests': '0' } }
            : undefined,
      },
      1,
    );
    const answer = await client.chat.completions.create({ model: 'm', messages: proseMessages(50) });

    expect(answer.choices[0]!.finish_reason).toBe('stop');
    expect(server.calls.map((call) => [call.status, call.outcome, call.kindIndex])).toEqual([
      [429, 'error', 0],
      [200, 'answered', 1],
    ]);
    expect(server.calls[1]!.startedAt - server.calls[0]!.startedAt).toBeGreaterThanOrEqual(900);
  });

  it('gives scripted errors OpenAI-style bodies', async () => {
    const { client, server } = await start({
      script: (call) =>
        call.index === 0
          ? { status: 500 }
          : call.index === 1
            ? { status: 400, code: 'context_length_exceeded' }
            : { status: 429, code: 'insufficient_quota', message: 'You exceeded your current quota.' },
    });
    await expect(client.chat.completions.create({ model: 'm', messages: proseMessages(50) })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    const tooLong: any = await client.chat.completions
      .create({ model: 'm', messages: proseMessages(50) })
      .catch((caught: unknown) => caught);
    expect(tooLong.error).toMatchObject({
      code: 'context_length_exceeded',
      param: 'messages',
      type: 'invalid_request_error',
    });
    expect(tooLong.error.message).toMatch(/maximum context length/);

    const response = await fetch(`${server.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: proseMessages(50) }),
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: {
        message: 'You exceeded your current quota.',
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_quota',
      },
    });
  });

  it('resets the connection mid-stream: the SDK iteration throws after some text', async () => {
    const { client, server } = await start({
      script: (call) => (call.index === 0 ? { reset: true, afterTokens: 20 } : { reset: true }),
    });
    const stream = await client.chat.completions.create({ model: 'm', messages: proseMessages(300), stream: true });
    const { chunks, text, error } = await collect(stream);

    expect(error).toBeDefined();
    expect(countTokens(text)).toBe(20);
    expect(chunks.some((chunk) => chunk.choices[0]?.finish_reason)).toBe(false);
    expect(server.calls[0]!.outcome).toBe('reset');

    // A reset before answering is a connection error.
    await expect(client.chat.completions.create({ model: 'm', messages: proseMessages(300) })).rejects.toBeInstanceOf(
      APIConnectionError,
    );
  });

  it('puts a refusal of a structured call in message.refusal (and delta.refusal), of prose in the content', async () => {
    const refusal = "I'm sorry, but I can't help with that.";
    const { client } = await start({ script: () => ({ refusal }) });
    const structured = await client.chat.completions.create(jsonSchemaCall);
    expect(structured.choices[0]!.message).toMatchObject({ role: 'assistant', content: null, refusal });
    expect(structured.choices[0]!.finish_reason).toBe('stop');

    const streamed = await collect(await client.chat.completions.create({ ...jsonSchemaCall, stream: true }));
    const refused = streamed.chunks.map((chunk) => (chunk.choices[0]?.delta as { refusal?: string })?.refusal ?? '');
    expect(refused.join('')).toBe(refusal);
    expect(streamed.text).toBe('');

    const prose = await client.chat.completions.create({ model: 'm', messages: proseMessages(300) });
    expect(prose.choices[0]!.message).toMatchObject({ content: refusal, refusal: null });
  });

  it('answers a scripted content with its finish reason', async () => {
    const { client } = await start({ script: () => ({ content: 'Short.', finishReason: 'content_filter' }) });
    const streamed = await collect(
      await client.chat.completions.create({ model: 'm', messages: proseMessages(300), stream: true }),
    );
    expect(streamed.text).toBe('Short.');
    expect(streamed.chunks[streamed.chunks.length - 1]!.choices[0]!.finish_reason).toBe('content_filter');
  });

  it('stalls a stream after N tokens for stallMs, then goes on', async () => {
    const { client } = await start({ script: () => ({ stallMs: 300, afterTokens: 10 }) });
    const stream = await client.chat.completions.create({ model: 'm', messages: proseMessages(100), stream: true });
    const arrivals: Array<{ at: number; tokens: number }> = [];
    let text = '';
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      arrivals.push({ at: Date.now(), tokens: countTokens(text) });
    }
    const before = arrivals.filter((arrival) => arrival.tokens <= 10).pop()!;
    const after = arrivals.find((arrival) => arrival.tokens > 10)!;
    expect(before.tokens).toBe(10);
    expect(after.at - before.at).toBeGreaterThanOrEqual(250);
  });

  it('serves images, 404s unknown routes and 400s invalid JSON, all with OpenAI-style errors', async () => {
    const { client, server } = await start();
    const image = await client.images.generate({ model: 'gpt-image-1', prompt: 'A lighthouse' });
    expect(image.data![0]!.b64_json).toBe(TINY_PNG_BASE64);
    expect(server.calls[0]).toMatchObject({ kind: 'image', lastUserMessage: 'A lighthouse', status: 200 });

    const missing = await fetch(`${server.baseUrl}/embeddings`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { message: 'Invalid URL (POST /v1/embeddings)', type: 'invalid_request_error', param: null, code: null },
    });
    const invalid = await fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', body: '{"model":' });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    expect(server.calls.map((call) => [call.kind, call.status])).toEqual([
      ['image', 200],
      ['other', 404],
      ['other', 400],
    ]);
  });
});

describe('fake chat server: timing and lifecycle', () => {
  it('takes the first-token delay, then streams at the token rate, all scaled by timeScale', async () => {
    const { client } = await start({ latency: { firstTokenMs: [200, 200], tokensPerSecond: 100 }, timeScale: 0.5 });
    // 200 tokens: 100 ms to the first token (200 x 0.5), then 200 / 100 s x 0.5 = 1 s.
    const startedAt = Date.now();
    const stream = await client.chat.completions.create({
      model: 'm',
      messages: proseMessages(1000),
      max_tokens: 200,
      stream: true,
    });
    let firstContentAt: number | undefined;
    let text = '';
    for await (const chunk of stream) {
      const piece = chunk.choices[0]?.delta.content;
      if (piece) {
        firstContentAt ??= Date.now();
        text += piece;
      }
    }
    const total = Date.now() - startedAt;
    expect(countTokens(text)).toBe(200);
    expect(firstContentAt! - startedAt).toBeGreaterThanOrEqual(90);
    expect(total).toBeGreaterThanOrEqual(1000);

    const blockingStart = Date.now();
    await client.chat.completions.create({ model: 'm', messages: proseMessages(1000), max_tokens: 200 });
    expect(Date.now() - blockingStart).toBeGreaterThanOrEqual(1000);
  });

  it('counts requests in flight', async () => {
    const { client, server } = await start({ latency: { firstTokenMs: [100, 150] } });
    await Promise.all(
      [1, 2, 3].map((n) => client.chat.completions.create({ model: 'm', messages: proseMessages(20 * n) })),
    );
    expect(server.maxInFlight()).toBe(3);
    expect(server.inFlight()).toBe(0);
  });

  it('stops a stream whose client goes away', async () => {
    const { client, server } = await start({ latency: { tokensPerSecond: 200 } });
    const stream = await client.chat.completions.create({ model: 'm', messages: proseMessages(2000), stream: true });
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) break; // leaving the loop aborts the request
    }
    for (let tries = 0; server.calls[0]!.outcome === undefined && tries < 100; tries += 1) await sleep(10);
    expect(server.calls[0]!.outcome).toBe('client-closed');
    expect(server.calls[0]!.usage).toBeUndefined();
    expect(server.inFlight()).toBe(0);
  });

  it('closes with a stream in progress and leaves no timers behind', async () => {
    // Tracks the timers the fake itself sets (by the caller's file), whatever the SDK and undici do meanwhile.
    const pending = new Set<NodeJS.Timeout>();
    const realSetTimeout = global.setTimeout;
    const realClearTimeout = global.clearTimeout;
    const setSpy = jest.spyOn(global, 'setTimeout').mockImplementation(((
      callback: (...args: unknown[]) => void,
      ms?: number,
      ...args: unknown[]
    ) => {
      const own = new Error().stack?.includes('fake-chat-server.ts') === true;
      const timer: NodeJS.Timeout = realSetTimeout(
        (...values: unknown[]) => {
          pending.delete(timer);
          callback(...values);
        },
        ms,
        ...args,
      );
      if (own) pending.add(timer);
      return timer;
    }) as unknown as typeof setTimeout);
    const clearSpy = jest.spyOn(global, 'clearTimeout').mockImplementation(((timer?: NodeJS.Timeout) => {
      if (timer) pending.delete(timer);
      realClearTimeout(timer);
    }) as typeof clearTimeout);
    try {
      const { client, server: running } = await start({ latency: { firstTokenMs: [10, 20], tokensPerSecond: 20 } });
      const stream = await client.chat.completions.create({ model: 'm', messages: proseMessages(3000), stream: true });
      const iterator = stream[Symbol.asyncIterator]();
      await iterator.next();
      await iterator.next();
      expect(pending.size).toBeGreaterThan(0); // the stream is waiting for its next chunk

      await running.close();
      expect(pending.size).toBe(0);
      await expect(
        (async () => {
          for (;;) if ((await iterator.next()).done) return 'ended';
        })(),
      ).rejects.toBeDefined();
      expect(running.calls[0]!.outcome).toBe('server-closed');
      expect(running.inFlight()).toBe(0);
      await running.close(); // idempotent
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
    }
  });
});
