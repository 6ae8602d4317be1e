import type { BookChapter } from '../../../book/book-document';
import { stockPhrasesIn } from '../checks/stock-phrases';
import { bookRequest, generationContext } from '../testing/provider-harness';
import { inOneLine, progressWords } from '../../progress-words';
import { instructionsOf, part2RevisedAs, partOf, providerPerTest } from '../testing/long-form-spec';

/**
 * The long-form pipeline against the project's fake OpenAI-compatible server
 * (see openai-book.provider.spec.ts): the checks on a written book (continuity,
 * seams, repeated phrases, openings, names, figures) and the revisions they send.
 */
describe('OpenAiBookProvider (long-form pipeline)', () => {
  const fake = providerPerTest();
  const provider = fake.provider;
  const request = bookRequest;
  const context = generationContext;

  it('counts the phrases the sections keep repeating and sends the sections that use them most to revision', async () => {
    // The fake writer has tics of its own ("as if nothing had happened"), as real models do. Its continuity
    // checker finds nothing here: a section it flagged would be revised whole, tics and all.
    const book = await provider({
      answer: (call, generated) =>
        call.name === 'continuity_check' ? { issues: [], instructions: instructionsOf(generated) } : generated,
    });
    const ctx = context();
    await book.generate(request(), ctx);
    expect(ctx.messages.join('\n')).toMatch(/phrases repeated through the book: "[^"]+" \d+ times/);
    const revisions = fake.server!.calls.filter((call) => call.name === 'section_revision');
    const asked = revisions.map((call) => call.messages.map((message) => message.content).join('\n'));
    expect(asked.some((text) => /The phrase "[^"]+" comes \d+ times in the book/.test(text))).toBe(true);
    // Each is told where: the paragraphs it names use the phrase.
    for (const text of asked) {
      for (const [, phrase, where] of text.matchAll(
        /The phrase "([^"]+)" comes \d+ times in the book, [^(]*\(paragraphs? ([\d, and]+)\)/g,
      )) {
        for (const number of where!.split(/, | and /)) {
          const paragraph = new RegExp(`^\\[${number}\\] (.*)$`, 'm').exec(text)?.[1] ?? '';
          expect(paragraph.toLowerCase().replace(/’/g, "'")).toContain(phrase);
        }
      }
    }
    expect(asked.some((text) => /The phrase "[^"]+" comes \d+ times in the book, [^(]*\(paragraph/.test(text))).toBe(
      true,
    );
    // A section whose problems all say where they are is revised from those paragraphs alone.
    const focused = asked.filter((text) => text.includes('paragraphs in all; the others stay as they are'));
    expect(focused.length).toBeGreaterThan(0);
    for (const text of focused) {
      const named = new Set(
        [...text.matchAll(/\(paragraphs? ([\d, and]+)\)/g)].flatMap((match) => match[1]!.split(/, | and /).map(Number)),
      );
      const shown = [...text.matchAll(/^\[(\d+)\] /gm)].map((match) => Number(match[1]));
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.every((number) => named.has(number))).toBe(true);
    }
  });

  it('finds a name the writer of one part misspelt, and sends that part alone to revision', async () => {
    const book = await provider({
      // The writer of part 2 types the hero's name with one letter too many, as models sometimes do.
      prose: (call, generated) =>
        call.lastUserMessage.includes('Your part:\nPart 2:') ? generated.replace(/\bMara\b/g, 'Marra') : undefined,
    });
    const ctx = context();
    await book.generate(request(), ctx);
    expect(ctx.messages.join('\n')).toMatch(/names that read as misspelt: "Marra" for Mara/);
    const asked = fake
      .server!.calls.filter((call) => call.name === 'section_revision')
      .filter((call) => call.lastUserMessage.includes('"Marra" is written'));
    expect(asked).toHaveLength(1);
    const message = asked[0]!.lastUserMessage;
    expect(message).toMatch(/Part 2: "/);
    // The paragraphs it names are the ones that write the slip, numbered as the reviser reads them.
    const named = /"Marra" is written (?:once|\d+ times) in this part \(paragraphs? ([\d, and]+)\)/.exec(message)?.[1];
    const numbers = (named ?? '').split(/, | and /).map(Number);
    const writing = [...message.matchAll(/^\[(\d+)\] (.*)$/gm)].filter((line) => line[2]!.includes('Marra'));
    expect(numbers).toEqual(writing.map((line) => Number(line[1])));
    expect(numbers.length).toBeGreaterThan(0);
  });

  it('sends the parts that open like two others to revision for a new opening, not the first of them', async () => {
    const fog = 'The morning fog lay over the harbour when the bell began to ring again.';
    const book = await provider({
      // The writers of parts 2 to 4, drafting at once, each reach for the same opening.
      prose: (call, generated) =>
        /Your part:\nPart [234]:/.test(call.lastUserMessage) && call.lastUserMessage.includes('Write part')
          ? `${fog}\n\n${generated}`
          : undefined,
    });
    const ctx = context();
    await book.generate(request(), ctx);
    expect(ctx.messages.join('\n')).toMatch(/parts that open alike: "The morning" 3 times/);
    const asked = fake
      .server!.calls.filter((call) => call.name === 'section_revision')
      .filter((call) => call.lastUserMessage.includes('all open with "The morning ..."'));
    expect(asked.map((call) => /Part (\d): "/.exec(call.lastUserMessage)?.[1]).sort()).toEqual(['3', '4']);
    for (const call of asked) {
      expect(call.lastUserMessage).toContain('Parts 2, 3 and 4 all open with "The morning ..."');
      // The reviser is shown the opening paragraph (and those of any other placed problem, such as a tic),
      // and how the part before ends, so that a new opening still joins it.
      expect([...call.lastUserMessage.matchAll(/^\[(\d+)\] /gm)].map((line) => line[1])).toContain('1');
      expect(call.lastUserMessage).toContain('How the part before this one ends');
    }
  });

  it('does not use a revised opening that would make a third part open like two others', async () => {
    // Part 1 opens with the morning; the revisers of parts 3 and 4, at work at once, each rewrite their first
    // paragraph to open with it too. Either may be the first to finish: its opening makes two, the other's three.
    const morning = Array.from(
      { length: 24 },
      (_, index) => `The morning bell rang over lamp ${index + 1} along the harbour wall, and Mara named it aloud.`,
    ).join(' ');
    const book = await provider({
      prose: (call, generated) => {
        // Part 1's writer is asked for the book's first page, the others for their whole part.
        if (!/Write part \d|Write its first page now/.test(call.lastUserMessage)) return undefined;
        if (/Your part:\nPart 1:/.test(call.lastUserMessage))
          return `The morning fog lay over the harbour.\n\n${generated}`;
        return `Rain drummed on the lamp room roof while Mara counted.\n\n${generated}`;
      },
      answer: (call, generated) => {
        if (call.name === 'continuity_check') {
          return {
            issues: [3, 4].map((section) => ({
              section,
              problem: 'Mara is called Maria here.',
              fix: 'Call her Mara.',
            })),
            instructions: instructionsOf(generated),
          };
        }
        if (call.name === 'section_revision' && /Part [34]: "/.test(call.lastUserMessage)) {
          return { edits: [{ paragraph: 1, replacement: morning }] };
        }
        return generated;
      },
    });
    const ctx = context();
    const outcome = await book.generate(request(), ctx);
    const opened = [3, 4].filter((number) =>
      JSON.stringify(outcome.document.chapters[number - 1]).includes('The morning bell rang over lamp 24'),
    );
    expect(opened).toHaveLength(1);
    const other = [3, 4].find((number) => !opened.includes(number));
    expect(ctx.messages.join('\n')).toContain(`Part ${other} kept as drafted: none of the reviser's edits was usable`);
  });

  it('revises a part that ends by summing itself up, from its last paragraph', async () => {
    let answers = 0;
    const book = await provider({
      // The writer of part 2 closes every answer on the stock ending models reach for (worded anew each time: a
      // continuation that repeats a paragraph word for word is a loop, and refused).
      prose: (call, generated) => {
        if (partOf(call) !== 2) return undefined;
        const when = ['As the lamp went out', 'When the bell rang', 'At the last light', 'As the tide turned'];
        return `${generated.trimEnd()}\n\n${when[answers++ % when.length]}, Mara knew that nothing would ever be the same.`;
      },
    });
    const ctx = context();
    await book.generate(request(), ctx);
    expect(ctx.messages.join('\n')).toMatch(/1 part ending on a summing-up/);
    const asked = fake
      .server!.calls.filter((call) => call.name === 'section_revision')
      .find((call) => call.lastUserMessage.includes('("would ever be the same")'));
    expect(asked?.lastUserMessage).toMatch(/Part 2: "/);
    const last = /\(paragraph (\d+)\) ends the section/.exec(asked?.lastUserMessage ?? '')?.[1];
    // The paragraph it names is the one shown with the ending, numbered as the reviser reads it.
    expect(asked?.lastUserMessage).toMatch(new RegExp(`\\[${last}\\] [^\\n]*, Mara knew that nothing would ever`));
  });

  it('revises a part whose narration sets clause after clause off with em dashes, from the paragraphs that hold them', async () => {
    const book = await provider({
      // The writer of part 3 sets an aside off with dashes in sentence after sentence of its narration.
      prose: (call, generated) =>
        partOf(call) === 3
          ? generated.replace(
              /\b([A-Z][a-z]+) ([a-z]+ed)\b/g,
              (_match, who: string, verb: string) => `${who} — slowly — ${verb}`,
            )
          : undefined,
    });
    const ctx = context();
    await book.generate(request(), ctx);
    expect(ctx.messages.join('\n')).toMatch(/em dashes as a habit in part 3 \(\d+ to 1,000 words\)/);
    const asked = fake
      .server!.calls.filter((call) => call.name === 'section_revision')
      .find((call) => call.lastUserMessage.includes('clauses off with em dashes'));
    expect(asked?.lastUserMessage).toMatch(/Part 3: "/);
    // Every paragraph it names is one shown to the reviser, with dashes in it.
    const named =
      /em dashes \(\d+ to every 1,000 words\), a habit readers take for machine writing \(paragraphs? ([\d, and]+)\)/.exec(
        asked?.lastUserMessage ?? '',
      )?.[1];
    const numbers = (named ?? '').split(/, | and /).map(Number);
    expect(numbers.length).toBeGreaterThan(0);
    for (const number of numbers) expect(asked?.lastUserMessage).toMatch(new RegExp(`^\\[${number}\\] [^\\n]*—`, 'm'));
  });

  it("queries the figures a subject book credits to studies, but not the client's own", async () => {
    let written = false;
    const book = await provider({
      // The writer of chapter 2 backs its point with a survey, and cites the client's figure too (its first answer).
      prose: (call, generated) =>
        !written && /Your chapter:\nChapter 2:/.test(call.lastUserMessage) && (written = true)
          ? `A 2019 survey found that 64% of new managers never hold one-on-ones. Half skip them, the client says.\n\n` +
            `Teams that meet weekly keep 30% more people, as the client's own study found.\n\n${generated}`
          : undefined,
    });
    const ctx = context();
    await book.generate(
      request({
        type: 'self_help',
        prompt: 'A guide for new managers. Our own study found that teams that meet weekly keep 30% more people.',
      }),
      ctx,
    );
    expect(ctx.messages.join('\n')).toContain('figures credited to studies in chapter 2');
    const asked = fake
      .server!.calls.filter((call) => call.name === 'section_revision')
      .find((call) => call.lastUserMessage.includes('credits figures to studies'));
    expect(asked?.lastUserMessage).toMatch(/Chapter 2: "/);
    expect(asked?.lastUserMessage).toContain(
      '"A 2019 survey found that 64% of new managers never hold one-on-ones." (paragraph 1)',
    );
    expect(asked?.lastUserMessage).not.toContain('"Teams that meet weekly keep 30% more people');
  });

  it('shows the continuity check what each part was planned to do beside what it did, and revises a part that dropped a planned event', async () => {
    const planned = "Mara finds the stranger's logbook in the boathouse.";
    const written = 'Mara searches the boathouse and finds nothing.';
    const book = await provider({
      answer: (call, generated) => {
        // Part 2's writer strays from its plan, and its notes say what it really wrote.
        if (call.kind === 'prose' && partOf(call) === 2) return { ...(generated as object), summary: written };
        if (call.name === 'book_outline') {
          const outline = generated as { sections: Array<{ summary: string }> };
          outline.sections[1]!.summary = planned;
          return outline;
        }
        if (call.name !== 'continuity_check') return generated;
        // An editor as a model would be one: part 2's text left out the event its plan gives it.
        const dropped = call.lastUserMessage.includes(`Planned: ${planned} Written: ${written}`);
        return {
          issues: dropped
            ? [{ section: 2, problem: 'Part 2 never finds the logbook part 3 reads.', fix: 'Let Mara find it.' }]
            : [],
          instructions: instructionsOf(generated),
        };
      },
    });
    await book.generate(request(), context());
    const check = fake.server!.calls.find((call) => call.name === 'continuity_check');
    expect(check?.lastUserMessage).toContain('every part whose text leaves out or changes a planned event');
    const revisions = fake.server!.calls.filter(
      (call) => call.name === 'section_revision' && call.lastUserMessage.includes('never finds the logbook'),
    );
    expect(revisions).toHaveLength(1);
    // The reviser reads the plan the part strayed from.
    expect(revisions[0]!.lastUserMessage).toContain(`Part 2: "`);
    expect(revisions[0]!.lastUserMessage).toContain(`What happens: ${planned}`);
  });

  it('counts a revision that gives the text back as it was as a call that changed nothing, not a revision', async () => {
    const book = await provider({
      answer: (call, generated) => {
        if (call.name === 'continuity_check') {
          return {
            issues: [{ section: 2, problem: 'Mara is called Maria here.', fix: 'Call her Mara.' }],
            instructions: instructionsOf(generated),
          };
        }
        if (call.name !== 'section_revision') return generated;
        // The reviser answers with the first paragraph it is shown, exactly as the prompt quotes it.
        const [, number, text] = /^\[(\d+)\] (.+)$/m.exec(call.lastUserMessage) ?? [];
        return { edits: [{ paragraph: Number(number), replacement: text }] };
      },
    });
    const ctx = context();
    const outcome = await book.generate(request(), ctx);
    const unchanged = ctx.messages.filter((message) =>
      message.endsWith('kept as drafted: the reviser changed nothing'),
    );
    expect(unchanged.length).toBeGreaterThanOrEqual(1);
    expect(outcome.report.unchangedRevisions).toBe(unchanged.length);
    expect(outcome.document.metadata.generation?.unchangedRevisions).toBe(unchanged.length);
    expect(outcome.report.revisions).toBe(0);
    expect(ctx.messages.join('\n')).toMatch(/Part 2 kept as drafted: the reviser changed nothing/);
    expect(ctx.messages.join('\n')).not.toMatch(/Part 2 revised/);
  });

  it('shows the continuity check each spread of a picture book as written, not as planned', async () => {
    const book = await provider();
    const outcome = await book.generate(request({ type: 'childrens' }), context());
    const check = fake.server!.calls.find((call) => call.name === 'continuity_check')!.lastUserMessage;
    let unrevisedShownWhole = 0;
    for (const chapter of outcome.document.chapters) {
      const spread = check.split('\n').find((line) => line.startsWith(`Spread ${chapter.number} "`))!;
      const [planned, written] = spread.split(' As written: ');
      expect(written).toBeDefined();
      expect(planned).not.toContain(written!.split(' / ')[0]!);
      // A spread the reviser left alone is in the book as the check read it.
      const words = chapter.blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));
      if (written!.startsWith(words[0]!.split('\n')[0]!)) unrevisedShownWhole += 1;
    }
    expect(unrevisedShownWhole).toBeGreaterThan(0);
    expect(check).not.toMatch(/ Written: /);
  });

  it('sends the sections the continuity check flags back for revision', async () => {
    const book = await provider({
      answer: (call, generated) =>
        call.name === 'continuity_check'
          ? {
              issues: [{ section: 2, problem: 'Mara is called Maria here.', fix: 'Call her Mara.' }],
              // The plan's instructions are the premise's two sentences; the second is "The mayor is the culprit."
              instructions: [
                { number: 1, fulfilled: true, section: 1 },
                { number: 2, fulfilled: false, section: 4 },
              ],
            }
          : generated,
    });
    const ctx = context();
    const outcome = await book.generate(request(), ctx);
    expect(fake.server!.calls.find((call) => call.name === 'continuity_check')?.lastUserMessage).toContain(
      "The client's instructions:\n1. A lighthouse keeper named Mara finds a map that leads under the sea.\n" +
        '2. The mayor is the culprit.',
    );
    const revisions = fake.server!.calls.filter((call) => call.name === 'section_revision');
    // The fake writer's own tics send parts to revision too (see the phrase-echo test); each flagged problem
    // goes to exactly one revision.
    const carrying = (problem: string) => revisions.filter((call) => call.lastUserMessage.includes(problem));
    expect(carrying('Mara is called Maria here.')).toHaveLength(1);
    // The section that carries the instruction has it in its brief too: look for the finding itself.
    expect(carrying('the book does not do it yet: The mayor is the culprit.')).toHaveLength(1);
    expect(outcome.report?.revisions).toBeGreaterThanOrEqual(2);
    expect(ctx.messages.join('\n')).toMatch(
      /1 problem found; 1 of 2 instructions of the prompt carried out(; phrases repeated [^;]+)?; revising \d parts/,
    );
  });

  it('asks the continuity check again for an instruction it did not judge, and says so if it never does', async () => {
    const book = await provider({
      answer: (call, generated) =>
        call.name === 'continuity_check'
          ? { issues: [], instructions: [{ number: 1, fulfilled: true, section: 1 }] }
          : generated,
    });
    const ctx = context();
    await book.generate(request(), ctx);
    const checks = fake.server!.calls.filter((call) => call.name === 'continuity_check');
    expect(checks).toHaveLength(3);
    expect(checks[1]!.lastUserMessage).toContain(
      "the client's instruction 2 is not judged: /instructions must hold one entry for each of the 2",
    );
    // Kept as answered: the one it judged counts, the other is neither carried out nor missing.
    expect(ctx.messages.join('\n')).toMatch(/1 of 2 instructions of the prompt carried out \(1 not judged\)/);
  });

  it('keeps the draft when the continuity check never gives a usable answer, and says so', async () => {
    const book = await provider({
      answer: (call, generated) => (call.name === 'continuity_check' ? 'not json at all' : generated),
    });
    const ctx = context();
    const outcome = await book.generate(request(), ctx);
    expect(outcome.document.chapters).toHaveLength(4);
    expect(ctx.messages.join('\n')).toMatch(/The continuity check was skipped: .*after 3 attempts/);
  });

  /** A rewrite as long as the opening it replaces (a gutted one is refused: see the pipeline's MIN_EDIT_LENGTH). */
  const REWRITTEN_OPENING = Array.from({ length: 4 }, (_, paragraph) =>
    Array.from(
      { length: 6 },
      (_, index) =>
        `Mara stayed on the pier while the tide turned for the ${paragraph * 6 + index + 1}th time, ` +
        'the map folded against her chest and the lamp above her counting the dark.',
    ).join(' '),
  ).join('\n\n');

  it('rewrites an opening that does not follow the ending before it', async () => {
    const book = await provider({
      answer: (call, generated) =>
        call.name === 'continuity_check'
          ? { issues: [], instructions: instructionsOf(generated) }
          : call.name === 'seam_check' && call.lastUserMessage.includes('The opening paragraphs of part 2:')
            ? {
                joins: false,
                problem: 'Mara is on the pier, not at home.',
                opening: REWRITTEN_OPENING,
              }
            : call.name === 'seam_check'
              ? { joins: true, problem: null, opening: null }
              : generated,
    });
    const ctx = context();
    const outcome = await book.generate(request(), ctx);
    const second = outcome.document.chapters[1];
    expect(second?.blocks[0]).toEqual({ kind: 'paragraph', text: REWRITTEN_OPENING.split('\n\n')[0] });
    expect(ctx.messages.join('\n')).toMatch(/1 opening rewritten/);
  });

  it.each([
    ['told in the present in a book told in the past', REWRITTEN_OPENING.replace(/Mara stayed/g, 'She stays')],
    [
      'that brings in a stock phrase',
      REWRITTEN_OPENING.replace('counting the dark.', 'counting the dark. A shiver ran down her spine.'),
    ],
  ])('does not rewrite an opening with one %s (rewrites are not checked again)', async (_what, opening) => {
    const book = await provider({
      answer: (call, generated) =>
        call.name === 'continuity_check'
          ? { issues: [], instructions: instructionsOf(generated) }
          : call.name === 'seam_check' && call.lastUserMessage.includes('The opening paragraphs of part 2:')
            ? { joins: false, problem: 'Mara is on the pier, not at home.', opening }
            : call.name === 'seam_check'
              ? { joins: true, problem: null, opening: null }
              : generated,
    });
    const ctx = context();
    const outcome = await book.generate(request(), ctx);
    const second = JSON.stringify(outcome.document.chapters[1]);
    if (opening.includes('shiver')) {
      // The rewrite stands, without the sentence that leans on the stock phrase.
      expect(second).toContain('the lamp above her counting the dark.');
      expect(second).not.toContain('shiver');
    } else {
      expect(second).not.toContain('She stays on the pier');
      expect(ctx.messages.join('\n')).not.toMatch(/opening rewritten/);
    }
  });

  it('does not call a section revised, nor count it, when none of the reviser’s edits was usable', async () => {
    // Every edit would gut its paragraph to two words.
    const book = await provider({ answer: part2RevisedAs('Mara waited.') });
    const ctx = context();
    const outcome = await book.generate(request(), ctx);
    const messages = ctx.messages.join('\n');
    expect(messages).toMatch(/Part 2 kept as drafted: none of the reviser's edits was usable/);
    expect(messages).not.toMatch(/Part \d revised/);
    expect(outcome.report?.revisions).toBe(0);
    expect(JSON.stringify(outcome.document.chapters)).not.toContain('"Mara waited."');
  });

  it('publishes a revision without the stock phrases its reviser brought in, and with its fix', async () => {
    const fix = Array.from(
      { length: 24 },
      (_, index) => `Mara counted lamp ${index + 1} along the harbour wall and named it aloud.`,
    ).join(' ');
    const book = await provider({ answer: part2RevisedAs(`${fix} A shiver ran down her spine. She went on.`) });
    const ctx = context();
    const outcome = await book.generate(request(), ctx);
    expect(ctx.messages.join('\n')).toMatch(/Part 2 revised/);
    const part = JSON.stringify(outcome.document.chapters[1]);
    expect(part).toContain('Mara counted lamp 24 along the harbour wall and named it aloud. She went on.');
    expect(part).not.toContain('shiver');
  });

  it.each([
    ['a story', 'short_story', 'story', 'narration', 'en'],
    ['a self-help book', 'self_help', 'subject', 'text', 'en'],
    ['a French story', 'short_story', 'story', 'narration', 'fr'],
    ['a French self-help book', 'self_help', 'subject', 'text', 'fr'],
    ['a Spanish story', 'short_story', 'story', 'narration', 'es'],
    ['a German self-help book', 'self_help', 'subject', 'text', 'de'],
  ] as const)(
    'revises the sections of %s that lean on stock phrases, from the paragraphs that hold them',
    async (_book, type, kind, where, language) => {
      const book = await provider({ stockPhrases: true });
      // The sections as first saved are the drafts, before any revision.
      const drafts = new Map<string, BookChapter>();
      const ctx = context({
        checkpoints: {
          load: () => Promise.resolve(new Map()),
          save: (_id, key, chapter) => {
            if (!drafts.has(key)) drafts.set(key, structuredClone(chapter));
            return Promise.resolve();
          },
        },
      });
      const prompt = {
        en: undefined,
        fr: 'Une gardienne de phare appelée Maëlle trouve une carte qui mène sous la mer.',
        es: 'Una farera llamada Marta encuentra un mapa que lleva bajo el mar.',
        de: 'Eine Leuchtturmwärterin namens Mara findet eine Karte, die unter das Meer führt.',
      }[language];
      const { document } = await book.generate(request({ type, ...(prompt ? { prompt } : {}) }), ctx);
      expect(document.metadata.language).toBe(language);
      const phrasesIn = (chapters: Iterable<BookChapter>) =>
        [...chapters]
          .flatMap((chapter) => chapter.blocks)
          .flatMap((block) => (block.kind === 'paragraph' ? stockPhrasesIn(block.text, kind, language) : [])).length;
      const drafted = phrasesIn(drafts.values());
      expect(drafted).toBeGreaterThan(0);
      // The job says so, in the book's language: an English one names what was found, another counts it.
      if (language === 'en') expect(ctx.messages.join('\n')).toContain(`${drafted} stock phrases in the ${where}`);
      else {
        expect(ctx.messages).toContain(progressWords(language).checking());
        expect(ctx.messages.filter((message) => / words\b|revised|asking/.test(message))).toEqual([]);
      }
      const revisions = fake.server!.calls.filter(
        (call) => call.name === 'section_revision' && call.lastUserMessage.includes('stock phrases readers know'),
      );
      expect(revisions.length).toBeGreaterThanOrEqual(1);
      expect(revisions.length).toBeLessThanOrEqual(4);
      for (const call of revisions) {
        const named = /stock phrases readers know[^\n]*\(paragraphs? ([\d, and]+)\)/.exec(call.lastUserMessage)?.[1];
        const numbers = (named ?? '').split(/, | and /).map(Number);
        expect(numbers.length).toBeGreaterThan(0);
        // The reviser is shown those paragraphs, each with its stock phrase.
        for (const number of numbers) {
          const shown = new RegExp(`^\\[${number}\\] (.*)$`, 'm').exec(call.lastUserMessage)?.[1] ?? '';
          expect(stockPhrasesIn(shown, kind, language)).not.toEqual([]);
        }
      }
      expect(phrasesIn(document.chapters)).toBeLessThan(drafted);
    },
  );
});

describe('status messages about revisions', () => {
  it('quote the editor’s problem in one line: its first sentence, cut at a word', () => {
    expect(inOneLine('Mara is called Maria here. Fix: call her Mara.')).toBe('Mara is called Maria here.');
    const long =
      'The phrase "if nothing had happened" comes 15 times in the book, 7 of them in this section (paragraphs 2, ' +
      '3, 7), which readers notice as a tic. Fix: keep it at most once here.';
    expect(inOneLine(long)).toBe('The phrase "if nothing had happened" comes 15 times in the book, 7 of them in this…');
    expect(inOneLine(long).length).toBeLessThanOrEqual(91);
  });
});
