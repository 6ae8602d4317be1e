import { narratorNamedAsOther, personMismatch } from '../checks/narration-person';
import { countTenses } from '../checks/narration-tense';
import { readerText } from './steps/structured-section.step';
import type { FakeChatCall } from '../testing/fake-chat-server';
import { bookRequest, generationContext } from '../testing/provider-harness';
import {
  firstAnswerFor,
  nextForSamePart,
  part2RevisedAs,
  partOf,
  toldAsI,
  toldInPresent,
  providerPerTest,
} from '../testing/long-form-spec';

/**
 * The long-form pipeline against the project's fake OpenAI-compatible server
 * (see openai-book.provider.spec.ts): how the writers tell the book, in the
 * person and tense the client asked for, and what is done with a part that
 * slips out of them.
 */
describe('OpenAiBookProvider (long-form pipeline)', () => {
  const fake = providerPerTest();
  const provider = fake.provider;
  const request = bookRequest;
  const context = generationContext;

  // A writer drafting apart from the others slips into "I", or into the present, as small models sometimes do.
  const narratorSlips = [
    {
      slip: 'the first person in a third-person book',
      change: toldAsI,
      reason: 'it is narrated in the first person, and this book is narrated in the third',
      written: 'from my window, and I kept counting',
    },
    {
      slip: 'the present tense in a past-tense book',
      change: toldInPresent,
      reason: 'it is told in the present tense, and this book is told in the past',
      written: 'she counts the boats',
    },
  ];

  it.each(narratorSlips)('asks again for a part told in $slip, saying why', async ({ change, reason, written }) => {
    const book = await provider({ prose: firstAnswerFor(2, change) });
    const ctx = context();
    const outcome = await book.generate(request(), ctx);
    const prose = fake.server!.calls.filter((call) => call.kind === 'prose');
    const first = prose.findIndex((call) => partOf(call) === 2);
    expect(nextForSamePart(prose, first)?.lastUserMessage).toContain(
      `Your previous answer could not be used (${reason}).`,
    );
    expect(JSON.stringify(outcome.document.chapters)).not.toContain(written);
    // Nothing else in the book read as told that way.
    expect(ctx.messages.join('\n').split(reason)).toHaveLength(2);
  });

  it('asks again for a part of a French book told in the present, saying why', async () => {
    const book = await provider({
      prose: firstAnswerFor(2, (generated) =>
        generated
          .split('\n\n')
          .map(
            (paragraph, index) =>
              `Elle attend à la fenêtre ${index + 2}, elle compte les bateaux, elle connaît la marée, elle regarde ` +
              `la porte, elle écoute, elle entend le vent, elle se retourne et elle attend. ${paragraph}`,
          )
          .join('\n\n'),
      ),
    });
    const outcome = await book.generate(
      request({ prompt: 'Une gardienne de phare appelée Maëlle trouve une carte qui mène sous la mer.' }),
      context(),
    );
    const prose = fake.server!.calls.filter((call) => call.kind === 'prose');
    const first = prose.findIndex((call) => partOf(call) === 2);
    expect(nextForSamePart(prose, first)?.lastUserMessage).toContain(
      'Your previous answer could not be used (it is told in the present tense, and this book is told in the past).',
    );
    expect(JSON.stringify(outcome.document.chapters)).not.toContain('elle compte les bateaux');
  });

  it.each(narratorSlips)(
    'keeps a part whose writer tells it in $slip every time, rather than failing the book',
    async ({ change, reason }) => {
      const book = await provider({
        prose: (call, generated) =>
          call.lastUserMessage.includes('Your part:\nPart 3:') ? change(generated) : undefined,
      });
      const ctx = context();
      const outcome = await book.generate(request(), ctx);
      expect(ctx.messages.join('\n')).toContain(`Part 3: kept as written, though ${reason}`);
      expect(outcome.document.chapters).toHaveLength(4);
    },
  );

  it('tells the whole book in the present tense when the premise asks for it', async () => {
    const book = await provider();
    const ctx = context();
    const { document } = await book.generate(
      request({ prompt: 'A lighthouse keeper named Mara finds a map. Tell it in the present tense.' }),
      ctx,
    );
    const writers = fake.server!.calls.filter((call) => call.kind === 'prose');
    const told = (call: FakeChatCall) => call.messages.map((message) => message.content).join('\n');
    expect(writers.every((call) => /^Narration: [^\n]*; present tense;/m.test(told(call)))).toBe(true);
    // Every part was used as written: none read as told in the past.
    expect(ctx.messages.join('\n')).not.toMatch(/told in the (past|present) tense/);
    for (const chapter of document.chapters) {
      const tenses = countTenses(readerText(chapter.blocks));
      expect(tenses.present).toBeGreaterThan(2 * tenses.past);
    }
  });

  it('tells the whole book through its narrator when the premise asks for the first person', async () => {
    const book = await provider();
    const ctx = context();
    const { document } = await book.generate(
      request({ prompt: 'Told by Mara herself, in the first person: a lighthouse keeper finds a map.' }),
      ctx,
    );
    const writers = fake.server!.calls.filter((call) => call.kind === 'prose');
    const told = (call: FakeChatCall) => call.messages.map((message) => message.content).join('\n');
    expect(writers.every((call) => /^Narration: first person, Mara;/m.test(told(call)))).toBe(true);
    // Every writer, reviser and seam editor is told to write Mara, whom the plan names, as "I".
    const toldAsNarrator =
      'Mara tells this as "I": where the plan or the notes speak of Mara by name, write "I", "me" or "my".';
    const editors = fake.server!.calls.filter((call) => call.name === 'section_revision' || call.name === 'seam_check');
    expect(editors.length).toBeGreaterThan(0);
    expect([...writers, ...editors].every((call) => told(call).includes(toldAsNarrator))).toBe(true);
    // The plan was right the first time, and every part was used as written.
    expect(fake.server!.calls.filter((call) => call.name === 'book_bible')).toHaveLength(1);
    expect(ctx.messages.join('\n')).not.toMatch(/narrated in the (first|third) person/);
    for (const chapter of document.chapters) {
      expect(personMismatch(readerText(chapter.blocks), 'en', 'first')).toBeUndefined();
      expect(readerText(chapter.blocks)).toMatch(/\bI\b/);
    }
  });

  it.each([
    {
      language: 'fr',
      prompt:
        'Racontée par Inès elle-même, à la première personne : une violoncelliste apprend à jouer à son petit-fils.',
      narrator: 'Inès',
      words: '"je", "me", "moi" or "mon"',
      mine: /(?<![\p{L}])(?:je|j’)(?![\p{L}])/u,
    },
    {
      language: 'de',
      prompt: 'Erzählt von Greta selbst, in der ersten Person: Eine Cellistin bringt ihrem Enkel das Spielen bei.',
      narrator: 'Greta',
      words: '"ich", "mich", "mir" or "mein"',
      mine: /(?<![\p{L}])ich(?![\p{L}])/u,
    },
    {
      language: 'es',
      prompt: 'Narrada por Inés, en primera persona: una violonchelista enseña a tocar a su nieto.',
      narrator: 'Inés',
      words: 'the first person (',
      mine: /(?<![\p{L}])(?:esperé|miré|conté|cerré|me senté|volví|abrí|guardé|dejé)(?![\p{L}])/u,
    },
  ])(
    'tells a first-person book in $language through its narrator, each writer told the first person in its words',
    async ({ language, prompt, narrator, words, mine }) => {
      const book = await provider();
      const ctx = context();
      const { document } = await book.generate(request({ prompt }), ctx);
      const writers = fake.server!.calls.filter((call) => call.kind === 'prose');
      const told = (call: FakeChatCall) => call.messages.map((message) => message.content).join('\n');
      expect(writers.every((call) => told(call).includes(`by name, write ${words}`))).toBe(true);
      expect(writers.every((call) => call.language === language)).toBe(true);
      // Every part was used as written: told by its narrator, who is never the subject by name.
      expect(ctx.messages.join('\n')).not.toMatch(/narrated in the (first|third) person/);
      for (const chapter of document.chapters) {
        const text = readerText(chapter.blocks);
        expect(personMismatch(text, language, 'first')).toBeUndefined();
        expect(narratorNamedAsOther(text, language, narrator)).toEqual([]);
        expect(text).toMatch(mine);
      }
    },
  );

  it.each([
    { language: 'fr', prompt: 'Au présent : une boulangère appelée Camille trouve une lettre cachée dans le mur.' },
    {
      language: 'de',
      prompt: 'Im Präsens und in der ersten Person, erzählt von Greta: Eine Fährfrau findet einen Brief.',
    },
    { language: 'es', prompt: 'En presente y en primera persona, narrada por Inés: una panadera encuentra una carta.' },
  ])('tells a book in $language in the present tense when the premise asks for it', async ({ language, prompt }) => {
    const book = await provider();
    const ctx = context();
    const { document } = await book.generate(request({ prompt }), ctx);
    // The planner took the tense from the premise, and every writer was told it.
    expect(fake.server!.calls.filter((call) => call.name === 'book_bible')).toHaveLength(1);
    const writers = fake.server!.calls.filter((call) => call.kind === 'prose');
    expect(writers.every((call) => call.language === language)).toBe(true);
    const told = (call: FakeChatCall) => call.messages.map((message) => message.content).join('\n');
    expect(writers.every((call) => /^Narration: [^\n]*; present tense;/m.test(told(call)))).toBe(true);
    // Every part was used as written: none read as told in the past.
    expect(ctx.messages.join('\n')).not.toMatch(/told in the (past|present) tense/);
    for (const chapter of document.chapters) {
      const tenses = countTenses(readerText(chapter.blocks), language);
      expect(tenses.present).toBeGreaterThan(2 * tenses.past);
    }
  });

  it('asks again for a part of a first-person book that makes its narrator the subject by name, saying why', async () => {
    const named = (prose: string) =>
      prose
        .split('\n\n')
        .map((paragraph, index) => `Mara walked to window ${index + 2} and Mara counted the boats. ${paragraph}`)
        .join('\n\n');
    const book = await provider({ prose: firstAnswerFor(2, named) });
    const ctx = context();
    const outcome = await book.generate(
      request({ prompt: 'Told by Mara herself, in the first person: a lighthouse keeper finds a map.' }),
      ctx,
    );
    const prose = fake.server!.calls.filter((call) => call.kind === 'prose');
    const first = prose.findIndex((call) => partOf(call) === 2);
    expect(nextForSamePart(prose, first)?.lastUserMessage).toContain(
      'Your previous answer could not be used (it is narrated in the third person where Mara acts ("Mara walked"), ' +
        'and Mara tells this book as "I").',
    );
    expect(JSON.stringify(outcome.document.chapters)).not.toContain('Mara walked to window');
  });

  it('holds a part of a first-person book to the narrator its outline entry names, who may not be the bible’s', async () => {
    // Part 2 is Tomas's to tell: Mara is "she" there, and "Mara walked" is right.
    const book = await provider({
      answer: (call, generated) => {
        if (call.name !== 'book_outline') return undefined;
        const outline = generated as { sections: Array<{ number: number; point_of_view: string | null }> };
        const sections = outline.sections.map((section) =>
          section.number === 2 ? { ...section, point_of_view: 'first person, Tomas' } : section,
        );
        return { ...outline, sections };
      },
      prose: firstAnswerFor(2, (prose) =>
        prose
          .split('\n\n')
          .map((paragraph, index) => `Mara walked to window ${index + 2} and Mara counted the boats. ${paragraph}`)
          .join('\n\n'),
      ),
    });
    const ctx = context();
    const outcome = await book.generate(
      request({
        prompt:
          'Told by Mara herself, in the first person: a lighthouse keeper named Mara and her brother Tomas find a map.',
      }),
      ctx,
    );
    expect(ctx.messages.join('\n')).not.toContain('where Mara acts');
    expect(JSON.stringify(outcome.document.chapters[1])).toContain('Mara walked to window');
  });

  it('does not publish a revision told in the present in a book told in the past', async () => {
    // Long enough to be used, were its tense right (see the stock-phrase revision below).
    const replacement = Array.from(
      { length: 24 },
      (_, index) => `Mara counts lamp ${index + 1} along the harbour wall and she names it aloud.`,
    ).join(' ');
    const book = await provider({ answer: part2RevisedAs(replacement) });
    const ctx = context();
    const outcome = await book.generate(request(), ctx);
    expect(ctx.messages.join('\n')).toMatch(/Part 2 kept as drafted: none of the reviser's edits was usable/);
    expect(JSON.stringify(outcome.document.chapters)).not.toContain('Mara counts lamp');
  });

  it('does not publish a revision that names the narrator of a first-person book as the subject', async () => {
    // Long enough to be used, were its narrator right (see the stock-phrase revision below).
    const replacement = Array.from(
      { length: 24 },
      (_, index) => `Mara counted lamp ${index + 1} along the harbour wall and named it aloud.`,
    ).join(' ');
    const book = await provider({ answer: part2RevisedAs(replacement) });
    const ctx = context();
    const outcome = await book.generate(
      request({ prompt: 'Told by Mara herself, in the first person: a lighthouse keeper finds a map.' }),
      ctx,
    );
    expect(ctx.messages.join('\n')).toMatch(/Part 2 kept as drafted: none of the reviser's edits was usable/);
    expect(JSON.stringify(outcome.document.chapters)).not.toContain('Mara counted lamp');
  });

  // A planner reads the style's usual narration in its prompt ("Point of view: close third") and may follow it
  // over the client's words.
  const narrationOverruled = [
    {
      asked: 'the first person',
      prompt: 'Told by Mara herself, in the first person: a lighthouse keeper finds a map.',
      overrule: { point_of_view: 'close third person on Mara' },
      concern: "the client's material asks for narration in the first person: /point_of_view must say so",
    },
  ];

  it.each(narrationOverruled)(
    'asks the planner again, saying why, when its bible overrules $asked the client asked for',
    async ({ prompt, overrule, concern }) => {
      let overruled = false;
      const book = await provider({
        answer: (call, generated) => {
          if (call.name !== 'book_bible' || overruled) return undefined;
          overruled = true;
          return { ...(generated as object), ...overrule };
        },
      });
      const ctx = context();
      await book.generate(request({ prompt }), ctx);
      const bibles = fake.server!.calls.filter((call) => call.name === 'book_bible');
      expect(bibles).toHaveLength(2);
      expect(bibles[1]!.lastUserMessage).toContain(`That answer needs correcting: ${concern}`);
      expect(ctx.messages.join('\n')).toContain(`needs correcting (${concern}`);
      // The corrected plan is the one the writers were given.
      const writer = fake.server!.calls.find((call) => call.kind === 'prose')!;
      expect(writer.messages.map((message) => message.content).join('\n')).toMatch(/^Narration: first person, Mara;/m);
    },
  );

  it.each([
    { language: 'English', prompt: 'A lighthouse keeper named Mara finds a map. Tell it in the present tense.' },
    { language: 'French', prompt: 'Une gardienne de phare appelée Maëlle trouve une carte. Raconte-le au présent.' },
  ])(
    'holds a book in $language to the tense its client asked for without asking the planner again',
    async ({ prompt }) => {
      const book = await provider({
        answer: (call, generated) =>
          call.name === 'book_bible' ? { ...(generated as object), tense: 'past' } : undefined,
      });
      const ctx = context();
      await book.generate(request({ prompt }), ctx);
      expect(fake.server!.calls.filter((call) => call.name === 'book_bible')).toHaveLength(1);
      expect(ctx.messages.join('\n')).not.toContain('needs correcting');
      const writers = fake.server!.calls.filter((call) => call.kind === 'prose');
      expect(writers.length).toBeGreaterThan(0);
      for (const writer of writers) {
        expect(writer.messages.map((message) => message.content).join('\n')).toMatch(
          /^Narration: [^\n]*; present tense;/m,
        );
      }
    },
  );

  it('keeps a bible that overrules the client every time rather than failing the book, and says so', async () => {
    const book = await provider({
      answer: (call, generated) =>
        call.name === 'book_bible'
          ? { ...(generated as object), point_of_view: 'close third person on Mara' }
          : undefined,
    });
    const ctx = context();
    const outcome = await book.generate(
      request({ prompt: 'Told by Mara herself, in the first person: a lighthouse keeper finds a map.' }),
      ctx,
    );
    expect(fake.server!.calls.filter((call) => call.name === 'book_bible')).toHaveLength(3);
    expect(ctx.messages.join('\n')).toContain(
      "The book bible: kept as answered, though the client's material asks for narration in the first person",
    );
    expect(outcome.document.chapters).toHaveLength(4);
  });

  it('asks again for a part whose speech is set as a script, saying why', async () => {
    // The first answer for part 3 sets its dialogue as a play's, as small models do: its quoted lines
    // become a play's ("Where is it?" Mara asked. -> Mara: Where is it?).
    const book = await provider({
      prose: firstAnswerFor(3, (generated) =>
        generated.replace(/^"([^"\n]+)"[,.]? (\p{Lu}\p{L}+) [a-z]+(?: [a-z]+)?\.$/gmu, '$2: $1'),
      ),
    });
    await book.generate(request(), context());
    const prose = fake.server!.calls.filter((call) => call.kind === 'prose');
    const first = prose.findIndex((call) => partOf(call) === 3);
    expect(nextForSamePart(prose, first)?.lastUserMessage).toContain(
      'Your previous answer could not be used (its speech is set as a script ("Name: line"), not in quotation marks ' +
        'inside the paragraphs).',
    );
  });
});
