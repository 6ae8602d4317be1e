/**
 * Books written by a real model (test/real-runs/, kept by scripts/keep-real-run.mjs), replayed through the
 * pipeline as it is now: the recorded chat server answers each request with the answer the model gave it.
 * These specs read real prose, so what they find wrong a buyer would find wrong.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { OUTPUT_FORMATS } from '../../../catalog/catalog';
import { readerText } from '../../../rendering/testing/reader-text';
import { readRealRun, type RealRun } from '../testing/recorded-chat-server';
import { replayRealRun, type ReplayedRun } from '../testing/real-run-replay';
import { estimateTokens } from '../client/model-client';
import { PICTURE_BUDGETS } from '../drawings/svg-pictures';
import { expectInert } from '../drawings/testing/hostile-drawings';

const RUNS_DIRECTORY = path.join(__dirname, '../../../../test/real-runs');
const RUNS = readdirSync(RUNS_DIRECTORY)
  .filter((file) => file.endsWith('.json.gz'))
  .map((file) => ({ name: file.replace(/\.json\.gz$/, ''), run: readRealRun(path.join(RUNS_DIRECTORY, file)) }));

/** The planner's notes for the writers that a reader must not be told: the synopsis and the roles of the cast. */
function plannerNotes(run: RealRun): string[] {
  const bible = run.calls.find((call) => call.request.response_format?.json_schema?.name === 'book_bible');
  const value = JSON.parse(bible?.answer ?? '{}') as { synopsis?: string; characters?: Array<{ role?: string }> };
  return (
    [value.synopsis ?? '', ...(value.characters ?? []).map((character) => character.role ?? '')]
      // A short role ("the owl") may stand in the story's own words; a planner's note is a sentence.
      .filter((note) => note.length >= 30)
  );
}

const DRAWN_RUNS = RUNS.filter(({ run }) => run.job.images === true);

describe.each(DRAWN_RUNS)('the real run $name, its pictures drawn by the model as SVG', ({ run }) => {
  let replayed: ReplayedRun;
  beforeAll(async () => {
    replayed = await replayRealRun(run);
  }, 120_000);

  it('has every picture drawn by the model, each clean of anything that runs or fetches', () => {
    const { document } = replayed;
    expect(document.images.length).toBeGreaterThan(document.chapters.length / 2);
    expect(document.images.filter((image) => image.drawnBy !== 'model')).toEqual([]);
    for (const image of document.images) {
      expect(image.mediaType).toBe('image/svg+xml');
      expectInert(Buffer.from(image.data, 'base64').toString('utf8'));
    }
  });

  it("spends on the pictures no more than the type's share of what the text took", () => {
    const { report, document } = replayed;
    const pictures = report.pictures!;
    const text = report.promptTokens + report.completionTokens - pictures.promptTokens - pictures.completionTokens;
    expect(pictures.promptTokens + pictures.completionTokens).toBeLessThanOrEqual(
      PICTURE_BUDGETS[document.metadata.type].share * text,
    );
    expect(pictures).toMatchObject({ drawn: document.images.length, builtin: 0 });
  });
});

describe.each(RUNS)('the real run $name', ({ run }) => {
  let replayed: ReplayedRun;
  beforeAll(async () => {
    replayed = await replayRealRun(run);
  }, 120_000);

  it('is answered from the recording at every request: no step asks what the model was never asked', () => {
    const unanswered = replayed.served.filter((call) => call.answeredBy === undefined).map((call) => call.key);
    expect(unanswered).toEqual([]);
  });

  it('cuts no answer for its budget, and gives every plan room to spare', () => {
    const cut = replayed.served.filter((call) => call.finishReason === 'length');
    expect(cut).toEqual([]);
    // The real answers measured as the pipeline measures (a token a CJK character): none past 3/4 of its room.
    const tight = replayed.served.flatMap((call) => {
      const recorded = run.calls.find((candidate) => candidate.n === call.answeredBy);
      const step = call.key.split('|')[0]!;
      if (!recorded?.answer || !call.maxTokens || !['book_bible', 'book_outline'].includes(step)) return [];
      const share = estimateTokens(recorded.answer) / call.maxTokens;
      return share > 0.75 ? [`${call.key}: ${Math.round(share * 100)}%`] : [];
    });
    expect(tight).toEqual([]);
  });

  it('asks for more words only of a section left well short, never past a close its writer reached', () => {
    const { topUps } = replayed;
    expect(topUps.filter(({ written, budget }) => written >= 0.8 * budget)).toEqual([]);
  });

  it('sends no section to a revision that gives it back unchanged', () => {
    // A problem the draft does not have (a byline to "carry out", a line the draft never wrote) costs a call for
    // nothing: the checks that raised them are what to mend, not the count.
    expect(replayed.report.unchangedRevisions ?? 0).toBe(0);
  });

  it('prints nothing of the planner’s notes (synopsis, roles) on any page, in any format', async () => {
    const notes = plannerNotes(run);
    expect(notes.length).toBeGreaterThan(0);
    for (const format of OUTPUT_FORMATS) {
      const shown = await readerText(format, replayed.document);
      const pages = (format === 'json' ? JSON.stringify({ ...JSON.parse(shown), metadata: {} }) : shown).replace(
        /\s+/g,
        ' ',
      );
      // A note's end: where a synopsis tells the ending (its opening may well be the book's own first line).
      const printed = notes.filter((note) => pages.includes(note.slice(-60).trim()));
      expect({ format, printed }).toEqual({ format, printed: [] });
    }
  });

  it('keeps the lines of the verse and letters the model wrote', () => {
    // Lines the model set apart inside a passage: in the recording, a run of short lines with single breaks.
    const verses = run.calls
      .flatMap((call) => (call.answer ?? '').replace(/\\n/g, '\n').split(/\n\s*\n/))
      .map((passage) =>
        passage
          .trim()
          .split('\n')
          .map((line) => line.trim()),
      )
      .filter((lines) => lines.length >= 3 && lines.every((line) => line.length > 0 && line.length < 50));
    const paragraphs = replayed.document.chapters.flatMap((chapter) =>
      chapter.blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : [])),
    );
    // Where a paragraph of the book holds two lines of one, they stand on lines of their own, not run together.
    const flattened = verses.filter(([first, second]) =>
      paragraphs.some(
        (text) => text.includes(first!) && text.includes(second!) && !text.includes(`${first}\n${second}`),
      ),
    );
    expect(flattened).toEqual([]);
  });
});
