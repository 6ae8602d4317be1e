/**
 * What the planner writes is for the writers: the synopsis with its ending, the characters' roles and secrets.
 * None of it reaches a page in any format; the synopsis stays in the document's metadata.
 */
import { OUTPUT_FORMATS } from '../../../catalog/catalog';
import { readerText } from '../../../rendering/testing/reader-text';
import { bookRequest, generationContext, startProvider } from '../testing/provider-harness';
import type { FakeChatServer } from '../testing/fake-chat-server';

const ENDING = 'In the end the keeper herself sank the Saint Brendan';
const ROLE = 'secretly the mayor’s accomplice';

describe('front matter of a model-written book', () => {
  let server: FakeChatServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it.each(['short_story', 'childrens'] as const)(
    'prints no synopsis and no cast of the plan in any format (%s)',
    async (type) => {
      const started = await startProvider({
        answer: (call, generated) => {
          if (call.name !== 'book_bible') return generated;
          const bible = generated as { synopsis: string; characters?: Array<{ role: string }> };
          return {
            ...bible,
            synopsis: `${bible.synopsis} ${ENDING}.`,
            characters: bible.characters?.map((character) => ({ ...character, role: `${character.role}, ${ROLE}` })),
          };
        },
      });
      server = started.server;
      const { document } = await started.provider.generate(bookRequest({ type }), generationContext());
      expect(document.metadata.synopsis).toContain(ENDING);
      expect(document.frontMatter.cast).toBeUndefined();
      for (const format of OUTPUT_FORMATS) {
        const shown = await readerText(format, document);
        const pages = format === 'json' ? JSON.stringify({ ...JSON.parse(shown), metadata: {} }) : shown;
        expect({ format, ending: pages.includes(ENDING), role: pages.includes(ROLE) }).toEqual({
          format,
          ending: false,
          role: false,
        });
      }
    },
  );
});
