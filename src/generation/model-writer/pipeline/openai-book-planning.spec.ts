import { bookShape } from '../../../book/book-shapes';
import { chapterWords } from '../../../book/word-count';
import { languageMismatch } from '../checks/language';
import type { FakeChatCall, FakeChatServerOptions } from '../testing/fake-chat-server';
import { bookRequest, generationContext } from '../testing/provider-harness';
import { providerPerTest } from '../testing/long-form-spec';

/**
 * The long-form pipeline against the project's fake OpenAI-compatible server
 * (see openai-book.provider.spec.ts): the plan follows the client (cast,
 * premise, chapters, lengths, titles, languages) and reaches every writer.
 */
describe('OpenAiBookProvider (long-form pipeline)', () => {
  const fake = providerPerTest();
  const provider = fake.provider;
  const request = bookRequest;
  const context = generationContext;

  it('asks the planner again for a cast name models give characters in book after book, and writes with the new one', async () => {
    let cast = false;
    const book = await provider({
      answer: (call, generated) => {
        if (call.name !== 'book_bible' || cast) return undefined;
        cast = true;
        const bible = generated as { characters: Array<{ name: string }> };
        return { ...bible, characters: bible.characters.map((c, i) => (i === 1 ? { ...c, name: 'Elara Voss' } : c)) };
      },
    });
    const ctx = context();
    const outcome = await book.generate(request(), ctx);
    const bibles = fake.server!.calls.filter((call) => call.name === 'book_bible');
    expect(bibles).toHaveLength(2);
    expect(bibles[1]!.lastUserMessage).toContain(
      'That answer needs correcting: /characters/1/name: "Elara" and "Voss" are names language models give',
    );
    const writers = fake.server!.calls.filter((call) => call.kind === 'prose');
    for (const writer of writers) expect(writer.lastUserMessage).not.toContain('Elara');
    expect(JSON.stringify(outcome.document)).not.toContain('Elara');
  });

  it("sets a textbook lesson's exercises apart from its text, as many as the client asks of every lesson", async () => {
    const book = await provider();
    const { document } = await book.generate(
      request({
        type: 'textbook',
        prompt:
          'A textbook for nursing students on medication safety: the five rights, dosage calculation and ' +
          'high-alert drugs. Each chapter ends with five practice questions and answers.',
      }),
      context(),
    );
    const lessons = document.chapters.filter((chapter) => chapter.kind === 'lesson');
    expect(lessons.length).toBeGreaterThan(0);
    for (const lesson of lessons) {
      expect(lesson.blocks.filter((block) => block.kind === 'exercise')).toHaveLength(5);
    }
    // Each writer explains and leaves the exercises to the call that reads its lesson; that call reads the rule.
    const told = (call: FakeChatCall) => call.messages.map((message) => message.content).join('\n');
    const writers = fake.server!.calls.filter((call) => call.kind === 'prose');
    expect(
      writers.every((call) =>
        /exercises with answers and glossary entries are made from it afterwards/.test(told(call)),
      ),
    ).toBe(true);
    expect(writers.every((call) => !/Close with exercises/.test(told(call)))).toBe(true);
    const extras = fake.server!.calls.filter((call) => call.name === 'lesson_exercises');
    expect(extras).toHaveLength(lessons.length);
    expect(
      extras.every((call) => told(call).includes('- Each chapter ends with five practice questions and answers.')),
    ).toBe(true);
  });

  it("gives two chapters the outline named alike the spine's titles", async () => {
    let spine: Array<{ title: string }> = [];
    const book = await provider({
      answer: (call, generated) => {
        const answer = generated as { spine?: Array<{ title: string }>; sections?: Array<{ title: string }> };
        if (call.name === 'book_bible') spine = answer.spine ?? [];
        if (call.name === 'book_outline') {
          const sections = (answer.sections ?? []).map((section) => ({ ...section, title: 'Before the River' }));
          return { ...answer, sections };
        }
        return generated;
      },
    });
    const outcome = await book.generate(request(), context());
    const titles = outcome.document.chapters.map((chapter) => chapter.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).toEqual(spine.map((step) => step.title));
  });

  describe('titles cut from one pattern', () => {
    const formula = ['Lantern', 'Tide', 'Letter', 'River'].map((word) => `What the ${word} Knew`);
    /** The outline titles the first four parts from one pattern; `rule` is a rule for every part, from the prompt. */
    const formulaic =
      (rule?: string): FakeChatServerOptions['answer'] =>
      (call, generated) => {
        const answer = generated as { sections?: object[]; every_section?: string[] };
        if (call.name === 'book_bible' && rule) return { ...answer, every_section: [rule] };
        // Only the batch that details the first sections; the position in it is what counts.
        if (call.name !== 'book_outline' || !/Detail \w+ 1 to /.test(call.lastUserMessage)) return generated;
        const sections = (answer.sections ?? []).map((section, index) => ({
          ...section,
          ...(index < formula.length ? { title: formula[index] } : {}),
        }));
        return { ...answer, sections };
      };

    it('are given new titles before anyone writes, all but the first, each its own', async () => {
      const book = await provider({ answer: formulaic() });
      const ctx = context();
      const outcome = await book.generate(request(), ctx);
      const asked = fake.server!.calls.filter((call) => call.name === 'section_titles');
      expect(asked).toHaveLength(1);
      expect(asked[0]!.lastUserMessage).toContain('Parts 1, 2, 3 and 4 are all titled "What the … Knew"');
      expect(asked[0]!.lastUserMessage).toContain('- Part 4 (now "What the River Knew"): ');
      const titles = outcome.document.chapters.map((chapter) => chapter.title);
      expect(titles[0]).toBe('What the Lantern Knew');
      for (const title of titles.slice(1, 4)) expect(title).not.toMatch(/^What the \S+ Knew$/);
      expect(new Set(titles).size).toBe(titles.length);
      expect(ctx.messages.join('\n')).toContain(
        'Planning: parts 2, 3 and 4 retitled; their titles followed "What the … Knew" (parts 1, 2, 3 and 4)',
      );
      // The writers read the new titles.
      const drafts = fake.server!.calls.filter((call) => /Write part 4 of/.test(call.lastUserMessage));
      expect(drafts.length).toBeGreaterThan(0);
      for (const call of drafts) expect(call.lastUserMessage).toContain(`Part 4: "${titles[3]}"`);
    });

    it('keep their titles when the new ones still follow the pattern', async () => {
      const outlined = formulaic();
      const book = await provider({
        answer: (call, generated) =>
          call.name === 'section_titles'
            ? { titles: ['Harbour', 'Storm', 'Bell'].map((word) => ({ title: `What the ${word} Knew` })) }
            : outlined!(call, generated),
      });
      const ctx = context();
      const outcome = await book.generate(request(), ctx);
      expect(outcome.document.chapters.slice(0, 4).map((chapter) => chapter.title)).toEqual(formula);
      expect(ctx.messages.join('\n')).not.toContain('retitled');
    });

    it('keep their pattern in a picture book, whose spreads may echo one another as its refrain does', async () => {
      const book = await provider({ answer: formulaic() });
      await book.generate(request({ type: 'childrens' }), context());
      // The spreads' writers read the planned titles.
      const spread = fake.server!.calls.find((call) => /Spread 4\. What the River Knew:/.test(call.lastUserMessage));
      expect(spread).toBeDefined();
      expect(fake.server!.calls.some((call) => call.name === 'section_titles')).toBe(false);
    });

    it('keep their pattern when the prompt speaks of titles', async () => {
      const book = await provider({ answer: formulaic('Every part is titled "What the ... Knew".') });
      const outcome = await book.generate(request(), context());
      expect(fake.server!.calls.some((call) => call.name === 'section_titles')).toBe(false);
      expect(outcome.document.chapters.slice(0, 4).map((chapter) => chapter.title)).toEqual(formula);
    });
  });

  it('writes a premise in French as a French book from plan to last page, with nothing scripted', async () => {
    const book = await provider();
    const outcome = await book.generate(
      request({ prompt: 'Une gardienne de phare appelée Maëlle trouve une carte qui mène sous la mer.' }),
      context(),
    );
    expect(outcome.document.metadata.language).toBe('fr');
    expect(fake.server!.calls.filter((call) => call.kind === 'prose').every((call) => call.language === 'fr')).toBe(
      true,
    );
    const paragraphs = outcome.document.chapters.flatMap((chapter) =>
      chapter.blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : [])),
    );
    expect(languageMismatch(paragraphs.join('\n'), 'fr')).toBeUndefined();
    expect(paragraphs.join('\n')).toContain('Maëlle');
  });

  it('writes a French book in French when the plan says so, and rejects an English answer', async () => {
    let english = 0;
    const book = await provider({
      answer: (call, generated) =>
        call.name === 'book_bible' ? { ...(generated as object), language: 'fr' } : generated,
      script: (call) => {
        if (call.kind === 'prose' && call.kindIndex === 0 && english === 0) {
          english += 1;
          return {
            content: Array.from(
              { length: 30 },
              (_, index) => `The keeper walked to the pier for the ${index + 1}th time and she looked at the sea.`,
            ).join(' '),
          };
        }
        return undefined;
      },
    });
    const ctx = context();
    const outcome = await book.generate(request({ prompt: 'Une gardienne de phare trouve une carte.' }), ctx);
    expect(outcome.document.metadata.language).toBe('fr');
    expect(ctx.messages.join('\n')).toMatch(/reads as en/);
    const prose = fake.server!.calls.filter((call) => call.kind === 'prose');
    expect(prose.every((call) => call.language === 'fr')).toBe(true);
  });

  it('follows the premise: the hero it names leads the cast, and each thing it asks for is given to a section', async () => {
    const book = await provider();
    await book.generate(request(), context());
    const writers = fake.server!.calls.filter((call) => call.kind === 'prose');
    // The fake plans as a model does: the premise's named hero first, each of its sentences an instruction.
    for (const call of writers) expect(call.lastUserMessage).toMatch(/^- Mara \(protagonist\)/m);
    for (const instruction of [
      'A lighthouse keeper named Mara finds a map that leads under the sea.',
      'The mayor is the culprit.',
    ]) {
      // A writer's own entry follows "Your part:"; the outline above it lists every part a line each.
      const carrying = writers.filter((call) =>
        call.lastUserMessage.split('Your part:')[1]?.includes(`Carries out the client's instructions: ${instruction}`),
      );
      expect(carrying.length).toBeGreaterThanOrEqual(1);
    }
  });

  it("paces what the reader learns: a part's planned reveal is held back from the writers before it, a setup planted before its payoff", async () => {
    const secret = 'Mayor Hale sank the Saint Brendan';
    const book = await provider({
      // The planner reveals the secret in part 3 of 4, as an editor would place a culprit late.
      answer: (call, generated) => {
        if (call.name !== 'book_outline') return generated;
        const outline = generated as { sections: Array<Record<string, unknown>> };
        return {
          sections: outline.sections.map((section, index) => ({
            ...section,
            reveals: index === 2 ? [secret] : [],
            plants: index === 0 ? [{ what: 'A cracked lens in the lamp', pays_off_in: 4 }] : [],
          })),
        };
      },
    });
    await book.generate(request(), context());
    const writersOf = (part: number) =>
      fake.server!.calls.filter(
        (call) => call.kind === 'prose' && call.lastUserMessage.includes(`Your part:\nPart ${part}:`),
      );
    for (const part of [1, 2]) {
      expect(writersOf(part).length).toBeGreaterThan(0);
      for (const call of writersOf(part)) {
        expect(call.lastUserMessage).toMatch(new RegExp(`Held back for later parts[^\n]*\n- ${secret} \\(part 3\\)`));
      }
    }
    for (const call of writersOf(3)) {
      expect(call.lastUserMessage).toContain(`The reader learns here: ${secret}`);
      expect(call.lastUserMessage).not.toContain('Held back');
    }
    for (const call of writersOf(4)) {
      expect(call.lastUserMessage).toMatch(
        new RegExp(`already knows from earlier parts[^\n]*\n- ${secret} \\(part 3\\)`),
      );
    }
    const check = fake.server!.calls.find((call) => call.name === 'continuity_check');
    expect(check?.lastUserMessage).toMatch(new RegExp(`Part 3 "[^"]+": .*Planned to reveal: ${secret}`));
    // Part 1 plants what part 4 pays off: its writer is asked to show it, and part 4's is told it was shown.
    for (const call of writersOf(1)) {
      expect(call.lastUserMessage).toContain(
        'Plant here, in passing and unexplained (a later part pays it off): A cracked lens in the lamp (part 4)',
      );
    }
    for (const call of writersOf(4)) {
      expect(call.lastUserMessage).toMatch(
        /Set up earlier for this part to pay off[^\n]*\n- A cracked lens in the lamp \(planted in part 1\)/,
      );
    }
    expect(check?.lastUserMessage).toContain('Planned to set up: A cracked lens in the lamp (paid off in part 4)');
    expect(check?.lastUserMessage).toContain('every part that gives away what a later part is planned to reveal');
  });

  it('asks for the bible again when it renames the hero the premise names', async () => {
    const book = await provider({
      answer: (call, generated) =>
        call.name === 'book_bible' && call.kindIndex === 0
          ? JSON.parse(JSON.stringify(generated).replace(/Mara/g, 'Elena'))
          : generated,
    });
    await book.generate(request(), context());
    const bibles = fake.server!.calls.filter((call) => call.name === 'book_bible');
    expect(bibles).toHaveLength(2);
    expect(bibles[1]!.lastUserMessage).toContain("the client's material names Mara: the bible must keep that name");
    const writers = fake.server!.calls.filter((call) => call.kind === 'prose');
    for (const call of writers) expect(call.lastUserMessage).toMatch(/^- Mara \(protagonist\)/m);
  });

  it('prints titles without the quotation marks and labels models wrap them in', async () => {
    const book = await provider({
      answer: (call, generated) => {
        if (call.name === 'book_bible') return { ...(generated as object), title: '"The Lantern Keepers"' };
        if (call.name !== 'book_outline') return generated;
        const outline = generated as { sections: Array<{ title: string }> };
        outline.sections.forEach((section, index) => (section.title = `**Part ${index + 1}: ${section.title}**`));
        return outline;
      },
    });
    const { document } = await book.generate(request(), context());
    expect(document.metadata.title).toBe('The Lantern Keepers');
    for (const chapter of document.chapters) expect(chapter.title).not.toMatch(/^\*|^Part \d/);
  });

  it('records the prompt tokens a server read from its prefix cache, when it reports them', async () => {
    const book = await provider({ cachedPromptShare: 0.5 });
    const { report, document } = await book.generate(request(), context());
    expect(report.cachedPromptTokens).toBeGreaterThan(0.45 * report.promptTokens);
    expect(report.cachedPromptTokens).toBeLessThanOrEqual(0.5 * report.promptTokens);
    expect(document.metadata.generation?.cachedPromptTokens).toBe(report.cachedPromptTokens);
  });

  it('keeps the shared part of every section prompt ahead of the section’s own, for servers that cache prefixes', async () => {
    const book = await provider();
    await book.generate(request({ type: 'novel' }), context());
    // Each chapter's first request (not the book's first page, which is asked before the others have a voice).
    const prompts = fake
      .server!.calls.filter(
        (call) => call.kind === 'prose' && /^Write chapter ([2-9]|1\d) of /m.test(call.lastUserMessage),
      )
      .map((call) => call.messages.map((message) => message.content).join('\n'));
    expect(prompts.length).toBeGreaterThanOrEqual(5);
    for (const [index, prompt] of prompts.entries()) {
      const other = prompts[(index + 1) % prompts.length]!;
      let shared = 0;
      while (shared < prompt.length && prompt[shared] === other[shared]) shared += 1;
      // Six real books shared 80% of a section prompt (24,500 of 30,300 characters in the novel).
      expect(shared / Math.min(prompt.length, other.length)).toBeGreaterThan(0.6);
    }
  });

  it('follows a prompt that lists its chapters, chapter for chapter', async () => {
    const book = await provider();
    const outcome = await book.generate(
      request({
        type: 'novel',
        prompt:
          'Chapter 1: The map\nChapter 2: The descent\nChapter 3: The city\nChapter 4: The mayor unmasked\nChapter 5: Home',
      }),
      context(),
    );
    expect(outcome.document.chapters).toHaveLength(5);
    const bible = fake.server!.calls.find((call) => call.name === 'book_bible');
    expect(JSON.stringify(bible?.body)).toContain('"minItems":5');
    expect(outcome.document.metadata.wordCount).toBeGreaterThanOrEqual(0.95 * bookShape('novel', '2.0').totalWords);
  });

  it('writes chapters longer than one answer in even parts, the last of them ending it on its closing state', async () => {
    const book = await provider();
    // Four listed chapters of a 2.0 novel: 5,000 to 7,000 words each, three answers apiece.
    const ctx = context();
    const outcome = await book.generate(
      request({
        type: 'novel',
        prompt: 'Chapter 1: The map\nChapter 2: The descent\nChapter 3: The city\nChapter 4: Home',
      }),
      ctx,
    );
    // A planned part is no shortfall: the client is not told the chapter came back short and is being topped up.
    expect(ctx.messages.join('\n')).not.toMatch(/asking for the rest/);
    const wordsIn = (pattern: RegExp, message: string): number =>
      Number(pattern.exec(message)?.[1]?.replace(/,/g, '') ?? NaN);
    // Chapter 1 opens with the book's first page, asked for on its own: the others are asked for in even parts.
    for (const number of [2, 3, 4]) {
      const asks = fake
        .server!.calls.filter(
          (call) => call.kind === 'prose' && call.lastUserMessage.includes(`Your chapter:\nChapter ${number}:`),
        )
        .map((call) => call.lastUserMessage);
      const budget = wordsIn(/is long \(([\d,]+) words in all\)/, asks[0] ?? '');
      const parts = wordsIn(/is written in (\d+) parts/, asks[0] ?? '');
      expect(parts).toBe(Math.ceil(budget / 2_500));
      // The first part is its share, not one answer's most (2,500 words, 2,500, then a squeezed 600 was the old way);
      // later parts share what is still missing, which depends on what the parts before them wrote.
      expect(Math.abs(wordsIn(/about ([\d,]+) words/, asks[0] ?? '') - budget / parts)).toBeLessThanOrEqual(10);
      expect(asks.at(-2)).toMatch(
        /stopping at the end of a scene\. Another [\d,]+ words of the chapter follow in later answers/,
      );
      expect(asks.at(-1)).toContain("and end on the chapter's closing state.");
      expect(chapterWords(outcome.document.chapters[number - 1]!)).toBeGreaterThanOrEqual(0.95 * budget);
    }
  });

  it('gives a book the count of chapters its prompt asks for, at its length', async () => {
    const book = await provider();
    const outcome = await book.generate(
      request({ prompt: 'A lighthouse keeper named Mara finds a map, told in 6 parts.' }),
      context(),
    );
    expect(outcome.document.chapters).toHaveLength(6);
    expect(outcome.document.metadata.wordCount).toBeGreaterThanOrEqual(
      0.95 * bookShape('short_story', '2.0').totalWords,
    );
  });

  it("keeps every section under the client's limit on length, and gives every writer its rules for every section", async () => {
    const book = await provider();
    const ctx = context();
    const rule = 'End each part with a line of dialogue.';
    const outcome = await book.generate(
      request({ prompt: `A lighthouse keeper named Mara finds a map. Keep each part under 800 words. ${rule}` }),
      ctx,
    );
    const parts = outcome.document.chapters.map((chapter) => chapterWords(chapter));
    expect(parts).toHaveLength(bookShape('short_story', '2.0').sections);
    expect(parts.filter((words) => words > 800)).toEqual([]);
    // The writers were asked for well under the limit; the outline could not budget more.
    const outline = fake.server!.calls.find((call) => call.name === 'book_outline');
    expect(JSON.stringify(outline?.body)).toContain('"maximum":680');
    const prose = fake.server!.calls.filter((call) => call.kind === 'prose');
    expect(prose.length).toBeGreaterThanOrEqual(parts.length);
    for (const call of prose) {
      expect(call.lastUserMessage).toContain("The client's rules for every part (each part keeps all of them):\n- ");
      expect(call.lastUserMessage).toContain(`\n- ${rule}\n`);
      expect(call.lastUserMessage).toContain('The client wants no part longer than 800 words');
      // The form's usual ending (a short story's last image, a self-help chapter's exercise) gives way to the rules.
      expect(call.messages[0]?.content).toContain("the client's rules for every section win over the style and form");
      expect(Number(/about ([\d,]+) words/.exec(call.lastUserMessage)?.[1]?.replace(',', ''))).toBeLessThanOrEqual(680);
    }
    // The rule is the writers', not one section's instruction, and the check holds every part to it.
    const carried = /The client's instructions \(.*\):\n((?:- .*\n)+)/.exec(outline?.lastUserMessage ?? '')?.[1];
    expect(carried).toBe('- A lighthouse keeper named Mara finds a map.\n');
    const check = fake.server!.calls.find((call) => call.name === 'continuity_check');
    expect(check?.lastUserMessage).toContain(`- ${rule}`);
    expect(ctx.messages.join('\n')).toContain(
      '(the prompt allows at most 800 words a part), 1 instruction from the prompt to carry out, 2 rules for every part',
    );
  });

  it('asks again for a picture-book spread that skimps on its words', async () => {
    const book = await provider({
      answer: (call, generated) =>
        call.name === 'picture_book_spread' && call.kindIndex === 0
          ? { text: 'Mara smiled.', illustration: 'Mara.' }
          : generated,
    });
    const ctx = context();
    const outcome = await book.generate(request({ type: 'childrens' }), ctx);
    expect(ctx.messages.join('\n')).toMatch(/the section has 2 words of text; it needs about \d+/);
    expect(JSON.stringify(outcome.document.chapters)).not.toContain('"Mara smiled."');
  });
});
