/**
 * Helpers shared by the long-form pipeline's specs (openai-book.provider.spec.ts and its siblings in
 * pipeline/): hooks for the fake server that give one part a slip a real writer makes, and ways to find
 * a part's requests among the calls the fake recorded.
 */
import type { OpenAiModelSettings } from '../client/openai-settings';
import type { OpenAiBookProvider } from '../pipeline/openai-book.provider';
import type { FakeChatCall, FakeChatServer, FakeChatServerOptions } from './fake-chat-server';
import { startProvider } from './provider-harness';

/** Prose told by an "I": each paragraph opens with a first-person sentence of its own (none repeated). */
export function toldAsI(prose: string): string {
  return prose
    .split('\n\n')
    .map((paragraph, index) => `I counted ${index + 2} boats from my window, and I kept counting. ${paragraph}`)
    .join('\n\n');
}

/** Prose slipped into the present tense: each paragraph opens with present-tense narration of its own. */
export function toldInPresent(prose: string): string {
  return prose
    .split('\n\n')
    .map(
      (paragraph, index) =>
        `She waits at window ${index + 2}, she counts the boats, she knows the tide, she looks at the door, ` +
        `she listens, she hears nothing, she turns, she sits and she waits. ${paragraph}`,
    )
    .join('\n\n');
}

/** The number of the part a writer's request is for (a short story's sections are parts). */
export function partOf(call: FakeChatCall | undefined): number | undefined {
  const number = /Your part:\nPart (\d+):/.exec(call?.lastUserMessage ?? '')?.[1];
  return number === undefined ? undefined : Number(number);
}

/** The next writer's request, after the one at `index`, for the same part: the pipeline's retry of it. */
export function nextForSamePart(prose: readonly FakeChatCall[], index: number): FakeChatCall | undefined {
  return prose.find((call, at) => at > index && partOf(call) === partOf(prose[index]));
}

/** A prose hook that changes the first answer written for `part` with `change`, and no other answer. */
export function firstAnswerFor(part: number, change: (generated: string) => string): FakeChatServerOptions['prose'] {
  let changed = false;
  return (call, generated) => {
    if (changed || partOf(call) !== part) return undefined;
    changed = true;
    return change(generated);
  };
}

/** The fake continuity check's verdicts on the plan's instructions (each carried out): a test that leaves them be. */
export const instructionsOf = (generated: unknown): unknown => (generated as { instructions: unknown }).instructions;

/** Structured answers in which the continuity check sends part 2 back and its reviser replaces paragraph 1 with `replacement`. */
export function part2RevisedAs(replacement: string): FakeChatServerOptions['answer'] {
  return (call, generated) => {
    if (call.name === 'continuity_check') {
      return {
        issues: [{ section: 2, problem: 'Mara is called Maria here.', fix: 'Call her Mara.' }],
        instructions: instructionsOf(generated),
      };
    }
    if (call.name === 'section_revision') return { edits: [{ paragraph: 1, replacement }] };
    return generated;
  };
}

/**
 * The long-form specs' fixture: `provider()` starts a fake server and a provider talking to it, and `server` is
 * the one started last (its calls), closed after each test.
 */
export function providerPerTest(): {
  readonly server: FakeChatServer | undefined;
  provider(options?: FakeChatServerOptions, settings?: Partial<OpenAiModelSettings>): Promise<OpenAiBookProvider>;
} {
  let server: FakeChatServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return {
    get server() {
      return server;
    },
    async provider(options = {}, settings = {}) {
      const started = await startProvider(options, settings);
      server = started.server;
      return started.provider;
    },
  };
}
