import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { BookBlock, BookChapter } from '../../../book/book-document';
import { bookShape, isFiction, isProse, type BookShape, type SectionLabel } from '../../../book/book-shapes';
import { chapterWords, countWords } from '../../../book/word-count';
import type { BookGenerationRequest, GenerationContext } from '../../book-provider';
import { GenerationError } from '../../generation.errors';
import type { GenerationMeter } from '../../generation-report';
import { progressWords, type CheckedLine, type ProgressWords, type RevisionCause } from '../../progress-words';
import { checkProse, dropUnfinishedSentence, endsCleanly } from '../checks/answer-checks';
import {
  type CallContext,
  type ChatMessage,
  type ModelClient,
  MAX_OUTPUT_TOKENS,
  TOKEN_GROWTH,
} from '../client/model-client';
import { isRecord } from '../client/model-json';
import type { OpenAiModelSettings } from '../client/openai-settings';
import { likelyLanguage } from '../checks/language';
import { joinsAlikeOpenings } from '../checks/opening-echoes';
import { blocksToProse, proseToBlocks } from './prose-reader';
import { bibleMaxTokens, bibleMessages, bibleStep, listedSections, requestedSections } from './steps/bible.step';
import { clientWords } from './steps/client-material';
import { capitalise, plannedWords, sectionNarration, type BookPlan, type PlannedSection } from './steps/book-plan';
import { continuityMaxTokens, continuityMessages, continuityStep } from './steps/continuity.step';
import { formMessages, formStep } from './steps/form.step';
import { lessonExtrasMaxTokens, lessonExtrasMessages, lessonExtrasStep } from './steps/lesson-extras.step';
import { NOTES_MAX_TOKENS, notesMessages, notesStep, splitNotes, type SectionNotes } from './steps/notes.step';
import {
  OUTLINE_BATCH,
  outlineMaxTokens,
  outlineMessages,
  outlineStep,
  scaleBudgets,
  withinWordLimits,
  withDistinctTitles,
} from './steps/outline.step';
import {
  MAX_WORDS_PER_ANSWER,
  answerShare,
  type AnswerShare,
  continuationMessages,
  firstAnswer,
  proseMaxTokens,
  proseSectionMessages,
  tokensPerWord,
} from './steps/prose-section.step';
import { retitleMaxTokens, retitleMessages, retitleStep } from './steps/retitle.step';
import { revisionMaxTokens, revisionMessages, revisionStep } from './steps/revision.step';
import { isNarratorProblem, narratorNamedAsOther } from '../checks/narration-person';
import { isTenseProblem, tenseSlipped } from '../checks/narration-tense';
import { SEAM_WORDS_AFTER, SEAM_WORDS_BEFORE, seamMaxTokens, seamMessages, seamStep } from './steps/seam.step';
import {
  isStructuredType,
  readerText,
  structuredMaxTokens,
  structuredSectionMessages,
  structuredSectionStep,
  writtenText,
} from './steps/structured-section.step';
import { withoutNewStockSentences, withoutStockSentences } from '../checks/stock-phrases';
import { checkWholeText, paragraphIndexes } from '../checks/text-checks';
import { TaskCancelledError, TaskLimiter } from '../client/task-limiter';
import { findTitleFormulas, formulaText, newTitleProblem, speaksOfTitles } from '../checks/title-formulas';

/**
 * A section is continued until it has this share of its budget, unless its writer ended it: an answer asked to
 * end the section on its closing state that stopped by itself, on a whole sentence, with at least
 * SECTION_ACCEPTABLE of the budget, is the section. Asked for more, a real model could only write past the
 * story's last line (a finished ending at 88% was told to "continue for about 250 words, covering the beats
 * not yet written", in five books of six). The price follows the words written.
 */
const SECTION_COMPLETE = 0.95;
/** Below this share after every continuation, the model is not writing the book: the section fails. */
const SECTION_ACCEPTABLE = 0.8;
const MAX_CONTINUATIONS = 4;
/** Of a textbook lesson's budget, the share for its explanation; key points, exercises and glossary fill the rest. */
const LESSON_PROSE_SHARE = 0.85;
/**
 * Under a client's limit on a section, continuations stop at this share of
 * it, and are not asked for with less room than MIN_LIMITED_CONTINUATION_WORDS:
 * a section a little short of its budget is better than one over the limit.
 */
const CONTINUATION_UNDER_LIMIT = 0.9;
const MIN_LIMITED_CONTINUATION_WORDS = 100;
/**
 * The book's first page, in words: written before any other section, whose
 * writers then read it for the voice (see voiceText). Long enough to carry a
 * voice, short enough to keep the others waiting only seconds.
 */
const FIRST_PAGE_WORDS = 350;
/** Unusable prose answers (refusal, meta-text, wrong language, loops) per section before the job fails. */
const MAX_REJECTED = 3;
/** A revised paragraph, or a rewritten opening, keeps at least this share of the words it replaces. */
const MIN_EDIT_LENGTH = 0.6;

/** Streaming words move the progress bar this often at most (each move is a database write). */
const SILENT_PROGRESS_INTERVAL_MS = 2_000;
/** Where each phase sits on the generation's 0-100 progress scale. */
const PROGRESS = { planned: 8, written: 82, seams: 88, checked: 97 } as const;

export interface WrittenSection {
  chapter: BookChapter;
  notes?: SectionNotes;
  /** Picture books: what the spread's picture shows. */
  illustration?: string;
}

export interface PipelineResult {
  plan: BookPlan;
  sections: WrittenSection[];
}

const CHECKPOINT = { plan: 'plan', continuity: 'continuity' } as const;
const CHECKPOINT_VERSION = 2;
const sectionKey = (number: number) => `section-${String(number).padStart(3, '0')}`;
const notesKey = (number: number) => `notes-${String(number).padStart(3, '0')}`;
export const chapterId = (number: number) => `ch-${String(number).padStart(3, '0')}`;

/**
 * The long-form pipeline: plan like an editor (bible and spine, then a
 * detailed outline in parallel batches), write the book's first page, then
 * every section at once within a concurrency limit, each in the first page's
 * voice, validate and continue every answer until the section
 * is whole, then carry continuity from the text: seams rewritten against the
 * real ending before them, a continuity check of names, facts and the
 * client's instructions, and line edits to the sections it sends back.
 * Every stage is checkpointed, so a retried job pays only for what is missing.
 */
export class LongFormPipeline {
  constructor(
    private readonly client: ModelClient,
    private readonly settings: OpenAiModelSettings,
  ) {}

  async write(
    request: BookGenerationRequest,
    context: GenerationContext,
    meter: GenerationMeter,
  ): Promise<PipelineResult> {
    const run = new PipelineRun(this.client, this.settings, request, context, meter);
    return run.execute();
  }
}

/** The state of one book's run: its plan, its written sections, its progress. */
class PipelineRun {
  private plan!: BookPlan;
  private shapeLabel: SectionLabel = 'chapter';
  /** The language of the job's messages: the plan's once there is one, before it the prompt's as far as it shows. */
  private readonly promptLanguage: string;
  private progressNow = 0;
  private lastSilentReport = 0;
  private readonly words = new Map<number, number>();
  private readonly call: CallContext;
  private readonly stopCalls = new AbortController();
  /** A prose book's first page, which every other writer waits for and reads for the voice. */
  private firstPage?: FirstPage;

  constructor(
    private readonly client: ModelClient,
    private readonly settings: OpenAiModelSettings,
    private readonly request: BookGenerationRequest,
    private readonly context: GenerationContext,
    meter: GenerationMeter,
  ) {
    // Every call in flight listens for the job's cancellation: dozens at once are expected, not a leak.
    setMaxListeners(0, context.signal);
    // The job's cancellation stops every call; so does a failure that ends this run (see inParallel).
    context.signal.addEventListener('abort', () => this.stopCalls.abort(), { once: true });
    if (context.signal.aborted) this.stopCalls.abort();
    setMaxListeners(0, this.stopCalls.signal);
    this.call = { signal: this.stopCalls.signal, meter, notify: (message) => this.report(this.progressNow, message) };
    this.promptLanguage = likelyLanguage(clientWords(request)) ?? 'en';
  }

  /** The progress lines in the book's language. */
  private get say(): ProgressWords {
    return progressWords((this.plan as BookPlan | undefined)?.language ?? this.promptLanguage);
  }

  async execute(): Promise<PipelineResult> {
    const stored = this.context.checkpoints
      ? await this.context.checkpoints.load(this.request.requestId)
      : new Map<string, BookChapter>();
    const storedPlan = readJson(stored.get(CHECKPOINT.plan)) as BookPlan | undefined;
    if (storedPlan && Array.isArray(storedPlan.sections)) {
      this.plan = storedPlan;
      this.shapeLabel = bookShape(storedPlan.type, this.request.model).sectionLabel;
      await this.report(PROGRESS.planned, this.say.resumingPlan());
    } else {
      // Sections saved under another plan would not fit this one.
      stored.clear();
      this.plan = await this.makePlan();
      await this.save(CHECKPOINT.plan, jsonChapter(CHECKPOINT.plan, this.plan));
    }

    const sections = await this.writeSections(stored);
    const continuity = readJson(stored.get(CHECKPOINT.continuity)) as { planId?: string } | undefined;
    const continuityDone = continuity?.planId === this.plan.planId;
    if (!continuityDone) {
      if (isProse(this.plan.type) && sections.length > 1) await this.joinSeams(sections);
      await this.report(PROGRESS.seams, this.say.checking());
      await this.checkContinuity(sections);
      await this.save(CHECKPOINT.continuity, jsonChapter(CHECKPOINT.continuity, { planId: this.plan.planId }));
    }
    await this.report(PROGRESS.checked, this.say.written(this.totalWords(sections)));
    return { plan: this.plan, sections };
  }

  // ---- planning ----------------------------------------------------------------------------------

  private async makePlan(): Promise<BookPlan> {
    const request = this.request;
    const planner = this.settings.plannerModel;
    let form = { type: request.type, style: request.style };
    if (request.type === 'automatic' || request.style === 'automatic') {
      await this.report(1, this.say.choosingForm());
      form = await this.client.structured(
        formStep(request),
        { model: planner, messages: formMessages(request), maxTokens: 400, label: 'the choice of type and style' },
        this.call,
      );
    }
    if (form.type === 'automatic' || form.style === 'automatic') throw new Error('unreachable: the form is chosen');
    const type = form.type;
    const style = form.style;

    const listed = listedSections(request.prompt);
    // A prompt that lists its chapters is followed chapter for chapter; one that only counts them gets that many.
    const shape = reshape(bookShape(type, request.model), listed ?? requestedSections(request.prompt));
    this.shapeLabel = shape.sectionLabel;
    await this.report(2, this.say.planningBible(shape.sections, shape.sectionLabel));
    const bibleInput = {
      request,
      type,
      style,
      shape,
      sections: shape.sections,
      followsClientOutline: listed !== undefined,
    };
    const bible = await this.client.structured(
      bibleStep(bibleInput),
      {
        model: planner,
        messages: bibleMessages(bibleInput),
        maxTokens: bibleMaxTokens(shape.sections),
        label: 'the book bible',
      },
      this.call,
    );

    const outlinePlan = {
      type,
      style,
      language: bible.language,
      title: bible.title,
      ...(bible.subtitle ? { subtitle: bible.subtitle } : {}),
      synopsis: bible.synopsis,
      instructions: bible.instructions,
      everySection: bible.everySection,
      wordLimits: bible.wordLimits,
      bible: bible.bible,
      spine: bible.spine,
    };
    // The client's limits on length are read with the bible; the outline's budgets keep under them.
    const planned = withinWordLimits(shape, bible.wordLimits);
    const batches: Array<{ first: number; count: number }> = [];
    for (let first = 1; first <= shape.sections; first += OUTLINE_BATCH) {
      batches.push({ first, count: Math.min(OUTLINE_BATCH, shape.sections - first + 1) });
    }
    // The bible names the book's language; the messages speak it from here on.
    await this.report(4, progressWords(bible.language).outlining(shape.sections, shape.sectionLabel, batches.length));
    const parts = await this.inParallel(batches, ({ first, count }) =>
      this.client.structured(
        outlineStep(type, planned, first, count),
        {
          model: planner,
          messages: outlineMessages(request, outlinePlan, planned, first, count),
          maxTokens: outlineMaxTokens(count),
          label: `the outline of ${shape.sectionLabel}s ${first} to ${first + count - 1}`,
        },
        this.call,
      ),
    );
    const sections = scaleBudgets(
      withDistinctTitles(parts.flat(), bible.spine),
      planned.totalWords,
      planned.sectionWords,
    );
    const { spine: _spine, ...planFields } = outlinePlan;
    const plan = await this.withoutTitleFormulas({
      planId: randomUUID(),
      ...planFields,
      sections,
      targetWords: plannedWords(sections),
    });
    await this.report(
      PROGRESS.planned,
      this.say.planned(
        {
          title: plan.title,
          sections: sections.length,
          words: plan.targetWords,
          limits: bible.wordLimits,
          instructions: plan.instructions.length,
          rulesForEverySection: bible.everySection.length,
        },
        shape.sectionLabel,
      ),
    );
    return plan;
  }

  /**
   * The plan with new titles for the sections whose titles follow one pattern with two others or more
   * (title-formulas.ts), all but the first of each; a new title that still follows one, or repeats another, is not
   * used. Not when the prompt speaks of titles (the pattern may be what the client asked for), nor in a picture
   * book. When no usable answer comes, the titles stand.
   */
  private async withoutTitleFormulas(plan: BookPlan): Promise<BookPlan> {
    // A picture book's spreads may echo one another on purpose, as its refrain does.
    if (plan.type === 'childrens') return plan;
    if (speaksOfTitles([...plan.instructions, ...(plan.everySection ?? [])])) return plan;
    const formulas = findTitleFormulas(plan.sections, plan.language);
    if (formulas.length === 0) return plan;
    const numbers = new Set(formulas.flatMap((formula) => formula.sections.slice(1)));
    const asked = { sections: plan.sections.filter((section) => numbers.has(section.number)), formulas };
    const kept = plan.sections.filter((section) => !numbers.has(section.number));
    const titles = await this.advisory('the new titles', () =>
      this.client.structured(
        retitleStep(asked, kept, plan.language),
        {
          model: this.settings.plannerModel,
          messages: retitleMessages(plan, asked, this.shapeLabel),
          maxTokens: retitleMaxTokens(asked.sections.length),
          label: 'the new titles',
        },
        this.call,
      ),
    );
    // Each new title is held to the titles the book will have beside it: the kept ones, and those given (or
    // kept, when their new one cannot be used) to the sections before it in this list.
    const titled: Array<{ number: number; title: string }> = [...kept];
    const patterns = formulas.map((formula) => formula.pattern);
    const renamed = new Map<number, string>();
    asked.sections.forEach((section, index) => {
      const title = titles?.[index];
      if (!title || newTitleProblem(title, section.number, titled, patterns, plan.language)) {
        titled.push(section);
        return;
      }
      titled.push({ number: section.number, title });
      renamed.set(section.number, title);
    });
    if (renamed.size === 0) return plan;
    await this.report(
      4,
      progressWords(plan.language).retitled(
        [...renamed.keys()],
        this.shapeLabel,
        formulas.map((formula) => formulaText(formula, this.shapeLabel)).join(' and '),
      ),
    );
    return {
      ...plan,
      sections: plan.sections.map((section) => {
        const title = renamed.get(section.number);
        return title === undefined ? section : { ...section, title };
      }),
    };
  }

  // ---- writing -----------------------------------------------------------------------------------

  private async writeSections(stored: Map<string, BookChapter>): Promise<WrittenSection[]> {
    const reused = new Map<number, WrittenSection>();
    for (const section of this.plan.sections) {
      const chapter = stored.get(sectionKey(section.number));
      if (!chapter || chapter.number !== section.number || !Array.isArray(chapter.blocks)) continue;
      const saved = readJson(stored.get(notesKey(section.number))) as
        (SectionNotes & { illustration?: string; planId?: string }) | undefined;
      // A section is reused only with its notes from this very plan (a crash between plans leaves older rows).
      if (saved?.planId !== this.plan.planId) continue;
      const { illustration, planId: _planId, ...notes } = saved;
      reused.set(section.number, { chapter, notes, ...(illustration ? { illustration } : {}) });
      this.words.set(section.number, chapterWords(chapter));
    }
    const total = this.plan.sections.length;
    if (isProse(this.plan.type) && total > 1) {
      const first = reused.get(1)?.chapter;
      this.firstPage = new FirstPage(
        first ? this.voiceSample(headParagraphs(first.blocks, FIRST_PAGE_WORDS).text) : undefined,
      );
    }
    if (reused.size > 0) {
      await this.report(this.writingProgress(), this.say.resumingSections(reused.size, total, this.shapeLabel));
    }
    return this.inParallel(this.plan.sections, async (section) => {
      const existing = reused.get(section.number);
      if (existing) return existing;
      const written = isStructuredType(this.plan.type)
        ? await this.writeStructured(section)
        : await this.writeProse(section);
      await this.saveSection(written);
      this.words.set(section.number, chapterWords(written.chapter));
      await this.report(
        this.writingProgress(),
        this.say.sectionWritten(this.shapeLabel, section.number, total, chapterWords(written.chapter), section.words),
      );
      return written;
    });
  }

  /**
   * A prose section, in the book's voice: the first section's writer writes
   * the first page before anyone else starts, and every other writer reads it.
   */
  private async writeProse(section: PlannedSection): Promise<WrittenSection> {
    const page = this.firstPage;
    if (!page) return this.draftProse(section);
    if (section.number !== 1 || page.written) return this.draftProse(section, await page.text);
    try {
      return await this.draftProse(section, undefined, page);
    } finally {
      // A first page that failed must not keep the other writers waiting: the run is ending anyway.
      page.settle(undefined);
    }
  }

  private async draftProse(section: PlannedSection, opening?: string, page?: FirstPage): Promise<WrittenSection> {
    const plan = this.plan;
    const label = `${this.shapeLabel} ${section.number}`;
    // A lesson's exercises, key points and glossary come after its prose and count toward its budget.
    const budget = plan.type === 'textbook' ? Math.round(section.words * LESSON_PROSE_SHARE) : section.words;
    // Long sections (a client's few long chapters) are written over several answers, each of a size models manage.
    const maxContinuations = MAX_CONTINUATIONS + Math.ceil(budget / MAX_WORDS_PER_ANSWER);
    let text = '';
    let notes: DraftNotes | undefined;
    let continuations = 0;
    let rejected = 0;
    const { person, narrator } = sectionNarration(this.plan.bible, section);
    // Why the last answer was not used, told to the next request: asked the same thing again, a model
    // sampling at temperature 0 gives the same answer.
    let rejection: string | undefined;
    let cutMidSentence = false;
    let halfwayReported = false;
    // Grows when a reasoning model spends a whole answer's room thinking and writes nothing.
    let room = 1;
    // Words a continuation may still add under the client's limit on a section; no limit, no bound.
    const limit = plan.wordLimits?.section;
    const roomUnderLimit = (words: number): number =>
      limit === undefined ? Infinity : Math.floor(limit * CONTINUATION_UNDER_LIMIT) - words;
    for (;;) {
      const first = text === '';
      const firstPage = first && page !== undefined;
      const written = countWords(text);
      const share = answerShare(budget - written);
      const ask = Math.min(
        share.words,
        firstPage ? FIRST_PAGE_WORDS : Infinity,
        Math.max(MIN_LIMITED_CONTINUATION_WORDS, roomUnderLimit(written)),
      );
      // Under the client's limit, an answer cut down to the room left is the section's last.
      const thisAnswer: AnswerShare = ask === share.words ? share : { words: ask, after: 0 };
      // The first page, or a part with parts after it: the section is meant to go on after this answer.
      const partOfMore = firstPage || thisAnswer.after > 0;
      const asked = first
        ? proseSectionMessages(
            this.request,
            plan,
            section,
            this.shapeLabel,
            budget,
            firstAnswer(ask, budget, firstPage),
            opening,
          )
        : continuationMessages(
            this.request,
            plan,
            section,
            this.shapeLabel,
            text,
            thisAnswer,
            cutMidSentence,
            notes?.summary,
          );
      const messages = rejection ? withRejection(asked, rejection) : asked;
      let counted = 0;
      let countedLength = 0;
      const answer = await this.client.complete(
        {
          model: this.settings.model,
          messages,
          maxTokens: Math.min(MAX_OUTPUT_TOKENS, Math.ceil(proseMaxTokens(ask, plan.language) * room)),
          kind: first ? 'first' : 'continuation',
          label,
          onText: (partial) => {
            // Counted piece by piece: recounting the whole answer at every piece would be quadratic.
            counted += countWords(partial.slice(countedLength));
            countedLength = partial.length;
            const words = written + counted;
            this.words.set(section.number, words);
            this.reportWordsArriving();
            if (!halfwayReported && words >= budget / 2) {
              halfwayReported = true;
              void this.report(
                this.writingProgress(),
                this.say.halfway(this.shapeLabel, section.number, plan.sections.length, words, budget),
              ).catch(() => undefined);
            }
          },
        },
        this.call,
      );
      // Stopped for length with no text, yet tokens spent (a full context window fails in the client): thinking.
      if (answer.text.trim() === '' && answer.finishReason === 'length') room *= TOKEN_GROWTH;
      const split = splitNotes(answer.text);
      const check = checkProse(split.prose, {
        language: plan.language,
        title: section.title,
        earlier: text,
        fragment: !first,
        person,
        narrator,
        tense: plan.bible.kind === 'story' ? plan.bible.tense : undefined,
        story: plan.bible.kind === 'story',
      });
      // A narrator in the wrong person or tense spoils a chapter, not the book: the last attempt is kept rather
      // than the job failed.
      const keptAnyway =
        rejected + 1 >= MAX_REJECTED &&
        check.problems.length > 0 &&
        check.problems.every((problem) => isNarratorProblem(problem) || isTenseProblem(problem));
      if (keptAnyway) {
        await this.call.notify(this.say.keptDespite(this.shapeLabel, section.number, check.problems[0] ?? ''));
      }
      if (check.problems.length > 0 && !keptAnyway) {
        rejected += 1;
        if (rejected >= MAX_REJECTED) {
          throw new GenerationError(
            `The model did not write usable text for ${label} after ${rejected} attempts (${check.problems[0]})`,
          );
        }
        await this.call.notify(this.say.unusableDraft(this.shapeLabel, section.number, check.problems[0] ?? ''));
        // A refusal is usually a fluke of sampling: the same question again (as for planning steps).
        rejection = check.refused ? undefined : check.problems.join('; ');
        continue;
      }
      rejection = undefined;
      text = joinPieces(text, check.text, cutMidSentence);
      // Each answer notes what it wrote: the first its whole story so far, a continuation its own part.
      notes = mergeNotes(notes, split.notes);
      // The notes come after the prose, so a trailer that began means the prose itself was finished.
      const proseFinished = split.trailer;
      const cut = (answer.finishReason === 'length' || answer.finishReason === 'cut') && !proseFinished;
      cutMidSentence = cut || !endsCleanly(text);
      const now = countWords(text);
      if (firstPage) {
        page.settle(this.voiceSample(cutMidSentence ? dropUnfinishedSentence(text) : text));
        await this.call.notify(this.say.firstPageWritten(now, this.shapeLabel));
      }
      // Without room under the client's limit the section ends here; a cut sentence is dropped below.
      const roomLeft = roomUnderLimit(now) >= MIN_LIMITED_CONTINUATION_WORDS;
      const ended = !partOfMore && !cutMidSentence && now >= budget * SECTION_ACCEPTABLE;
      if ((cut || (now < budget * SECTION_COMPLETE && !ended)) && roomLeft) {
        if (continuations >= maxContinuations) break;
        continuations += 1;
        // After the first page or a part the section goes on as planned: nothing to report unless it was cut.
        if (!partOfMore || cut) {
          await this.call.notify(
            cut
              ? this.say.cutContinuing(this.shapeLabel, section.number, now)
              : this.say.askingForTheRest(this.shapeLabel, section.number, now, budget),
          );
        }
        continue;
      }
      break;
    }
    // Never publish a cut sentence: a section that still ends mid-sentence loses the fragment.
    if (cutMidSentence) text = dropUnfinishedSentence(text);
    if (countWords(text) < budget * SECTION_ACCEPTABLE) {
      throw new GenerationError(
        `The model kept writing ${label} too short (${countWords(text)} of ${budget} words after ${continuations} continuations)`,
      );
    }
    if (!notes || (continuations > 0 && notes.complete === false)) {
      notes = {
        ...(await this.client.structured(
          notesStep,
          {
            model: this.settings.plannerModel,
            messages: notesMessages(label, plan.language, text),
            maxTokens: NOTES_MAX_TOKENS,
            label: `the notes on ${label}`,
          },
          this.call,
        )),
        complete: true,
      };
    }
    const blocks = proseToBlocks(text, { headings: !isFiction(plan.type) });
    if (plan.type === 'textbook') {
      if (section.objectives.length > 0) blocks.unshift({ kind: 'list', ordered: false, items: section.objectives });
      blocks.push(
        ...(await this.client.structured(
          lessonExtrasStep,
          {
            model: this.settings.model,
            messages: lessonExtrasMessages(plan, section, this.shapeLabel, text),
            maxTokens: lessonExtrasMaxTokens(plan.language),
            label: `the exercises of ${label}`,
          },
          this.call,
        )),
      );
    }
    return { chapter: this.chapter(section, blocks), notes: withoutMark(notes) };
  }

  private async writeStructured(
    section: PlannedSection,
    revision?: { problems: string[]; draft: string },
  ): Promise<WrittenSection> {
    const type = this.plan.type;
    if (!isStructuredType(type)) throw new Error(`unreachable: ${type} is written as prose`);
    const { blocks, illustration } = await this.client.structured(
      structuredSectionStep(type, section, this.plan.language),
      {
        model: this.settings.model,
        messages: structuredSectionMessages(this.request, this.plan, section, this.shapeLabel, revision),
        maxTokens: structuredMaxTokens(type, section, this.plan.language),
        label: `${this.shapeLabel} ${section.number}`,
      },
      this.call,
    );
    // A page or a spread writes no notes: the continuity check reads it whole, as written.
    const notes: SectionNotes = {
      summary: section.summary,
      closingState: section.closingState,
      facts: [],
      text: writtenText(blocks, illustration),
    };
    return { chapter: this.chapter(section, blocks), notes, ...(illustration ? { illustration } : {}) };
  }

  private chapter(section: PlannedSection, blocks: BookBlock[]): BookChapter {
    return {
      id: chapterId(section.number),
      kind: bookShape(this.plan.type, this.request.model).sectionKind,
      number: section.number,
      title: section.title,
      blocks,
    };
  }

  // ---- continuity --------------------------------------------------------------------------------

  /** Rewrites every opening that does not follow from the real ending before it; all seams at once. */
  private async joinSeams(sections: WrittenSection[]): Promise<void> {
    const perWord = tokensPerWord(this.plan.language);
    let rewritten = 0;
    await this.inParallel(sections.slice(1), async (after, index) => {
      const before = sections[index];
      if (!before) return;
      const ending = tailParagraphs(before.chapter.blocks, SEAM_WORDS_BEFORE);
      const { count, text: opening } = headParagraphs(after.chapter.blocks, SEAM_WORDS_AFTER);
      if (!ending || count === 0) return;
      const verdict = await this.advisory(`the seam before ${this.shapeLabel} ${after.chapter.number}`, () =>
        this.client.structured(
          seamStep,
          {
            model: this.settings.plannerModel,
            messages: seamMessages(
              this.plan,
              this.shapeLabel,
              after.chapter.number,
              ending,
              opening,
              before.notes?.closingState ?? '',
            ),
            maxTokens: seamMaxTokens(countWords(opening), perWord),
            label: `the seam before ${this.shapeLabel} ${after.chapter.number}`,
          },
          this.call,
        ),
      );
      if (!verdict || verdict.joins || !verdict.opening) return;
      const check = checkProse(verdict.opening, { language: this.plan.language });
      const planned = this.plan.sections[after.chapter.number - 1];
      const text = check.problems.length > 0 || !planned ? undefined : this.rewrite(planned, opening, check.text);
      // The draft opening stands rather than an unusable rewrite, or one that drops most of what it replaces.
      if (text === undefined || countWords(text) < countWords(opening) * MIN_EDIT_LENGTH) return;
      if (this.overClientLimit(chapterWords(after.chapter) - countWords(opening) + countWords(text))) return;
      const paragraphs = paragraphIndexes(after.chapter.blocks).slice(0, count);
      const from = paragraphs[0] ?? 0;
      const to = (paragraphs[paragraphs.length - 1] ?? 0) + 1;
      after.chapter.blocks.splice(from, to - from, ...proseToBlocks(text, { headings: !isFiction(this.plan.type) }));
      this.call.meter.countRevision();
      rewritten += 1;
      await this.saveSection(after);
    });
    await this.report(PROGRESS.seams, this.say.seamsJoined(sections.length - 1, rewritten, this.shapeLabel));
  }

  /** The final check and one round of revision for the sections it sends back. */
  private async checkContinuity(sections: WrittenSection[]): Promise<void> {
    const notes = new Map<number, SectionNotes>();
    for (const section of sections) if (section.notes) notes.set(section.chapter.number, section.notes);
    const total = this.plan.sections.length;
    const report = await this.advisory('the continuity check', () =>
      this.client.structured(
        continuityStep(total, this.plan.instructions),
        {
          model: this.settings.plannerModel,
          messages: continuityMessages(this.plan, this.shapeLabel, notes),
          maxTokens: continuityMaxTokens(total, this.plan.instructions.length),
          label: 'the continuity check',
        },
        this.call,
      ),
    );
    const problems = new Map<number, string[]>();
    /**
     * The paragraphs each section's problems are in, when every one of them says (see text-checks.ts): its
     * reviser is shown those alone, not the whole section. 'whole' once any problem is not so placed.
     */
    const where = new Map<number, Set<number> | 'whole'>();
    /** What sent each section to revision first, which its message names. */
    const causes = new Map<number, RevisionCause>();
    const add = (section: number, cause: RevisionCause, problem: string, paragraphs: readonly number[] = []) => {
      problems.set(section, [...(problems.get(section) ?? []), problem]);
      if (!causes.has(section)) causes.set(section, cause);
      const known = where.get(section);
      if (paragraphs.length === 0 || known === 'whole') where.set(section, 'whole');
      else where.set(section, new Set([...(known ?? []), ...paragraphs]));
    };
    const checked: CheckedLine = { textFindings: [], revising: 0 };
    if (report) {
      for (const issue of report.issues) add(issue.section, 'continuity', `${issue.problem} Fix: ${issue.fix}`);
      const unfulfilled = report.instructions.filter((item) => !item.fulfilled);
      for (const item of unfulfilled) {
        add(
          item.section,
          'instruction',
          `The client asked for this and the book does not do it yet: ${item.instruction}`,
        );
      }
      checked.problems = report.issues.length;
      checked.instructions = {
        fulfilled: report.instructions.length - unfulfilled.length,
        asked: this.plan.instructions.length,
        unjudged: report.unjudged.length,
      };
    }
    // Counted in code over the whole text, so found even when the check above could not be had: it reads notes.
    const text = checkWholeText(this.plan, sections, this.shapeLabel, clientWords(this.request));
    for (const found of text.problems) add(found.section, 'text', found.problem, found.paragraphs);
    checked.textFindings = text.findings;
    checked.revising = problems.size;
    if (!report && text.findings.length === 0 && problems.size === 0) return;
    await this.report(PROGRESS.seams + 3, this.say.checked(checked, this.shapeLabel));
    // Each section's opening as it stands, kept current as revisers rewrite them (see joinsAlikeOpenings).
    const openings = new Map(
      sections.map((section) => [
        section.chapter.number,
        section.chapter.blocks.find((block) => block.kind === 'paragraph')?.text ?? '',
      ]),
    );
    await this.inParallel([...problems.entries()], async ([number, list]) => {
      const index = sections.findIndex((section) => section.chapter.number === number);
      const section = sections[index];
      const planned = this.plan.sections[number - 1];
      if (!section || !planned) return;
      const revised = await this.advisory(`the revision of ${this.shapeLabel} ${number}`, () =>
        isStructuredType(this.plan.type)
          ? this.writeStructured(planned, { problems: list, draft: readerText(section.chapter.blocks) })
          : this.reviseProse(section, planned, list, {
              shown: where.get(number),
              previous: sections[index - 1],
              openings,
            }),
      );
      if (!revised) return;
      if (readerText(revised.chapter.blocks) === readerText(section.chapter.blocks)) {
        // The reviser found nothing to change: a wasted call, counted as such, and the section stays as it was.
        this.call.meter.countUnchangedRevision();
        await this.call.notify(this.say.keptAsDrafted(this.shapeLabel, number, 'unchanged'));
        return;
      }
      this.call.meter.countRevision();
      sections[index] = revised;
      await this.saveSection(revised);
      await this.call.notify(
        this.say.revised(this.shapeLabel, number, causes.get(number) ?? 'continuity', list[0] ?? ''),
      );
    });
  }

  /** Line edits for `problems`; with `shown`, the reviser reads and may replace only those paragraphs (1-based). */
  private async reviseProse(
    section: WrittenSection,
    planned: PlannedSection,
    problems: string[],
    {
      shown = 'whole',
      previous,
      openings,
    }: {
      shown?: ReadonlySet<number> | 'whole';
      /** The section before, as it stands: an opening the reviser replaces must still join its ending. */
      previous?: WrittenSection;
      /** Every section's first paragraph as it stands; a new opening of this one is written back. */
      openings: Map<number, string>;
    },
  ): Promise<WrittenSection | undefined> {
    const indexes = paragraphIndexes(section.chapter.blocks);
    const paragraphs = indexes.map((index) => {
      const block = section.chapter.blocks[index];
      return block?.kind === 'paragraph' ? block.text : '';
    });
    const only = shown === 'whole' ? undefined : shown;
    const edits = await this.client.structured(
      revisionStep(paragraphs.length, only),
      {
        model: this.settings.model,
        messages: revisionMessages(
          this.plan,
          planned,
          this.shapeLabel,
          paragraphs,
          problems,
          only,
          previous?.chapter.blocks.filter((block) => block.kind === 'paragraph').at(-1)?.text,
        ),
        maxTokens: revisionMaxTokens(planned.words, tokensPerWord(this.plan.language)),
        label: `the revision of ${this.shapeLabel} ${planned.number}`,
      },
      this.call,
    );
    const blocks = [...section.chapter.blocks];
    let applied = 0;
    // Edits that give a paragraph back as it was: a reviser with nothing to change, made to answer.
    let same = 0;
    let words = chapterWords(section.chapter);
    // From the last paragraph back, so earlier indexes stay valid while blocks are replaced.
    for (const edit of [...edits].sort((a, b) => b.paragraph - a.paragraph)) {
      const at = indexes[edit.paragraph - 1];
      const original = at === undefined ? undefined : blocks[at];
      if (at === undefined || original?.kind !== 'paragraph') continue;
      if (edit.replacement.trim() === original.text) {
        same += 1;
        continue;
      }
      const check = checkProse(edit.replacement, { language: this.plan.language });
      const text = check.problems.length > 0 ? undefined : this.rewrite(planned, original.text, check.text);
      // An edit fixes a detail; one that guts the paragraph would cost the book its length and its scene.
      if (text === undefined || countWords(text) < countWords(original.text) * MIN_EDIT_LENGTH) continue;
      const revisedWords = words - countWords(original.text) + countWords(text);
      if (this.overClientLimit(revisedWords)) continue;
      const replacement = proseToBlocks(text, { headings: !isFiction(this.plan.type) });
      if (edit.paragraph === 1) {
        const opening = replacement.find((block) => block.kind === 'paragraph')?.text ?? '';
        if (this.opensLikeOthers(opening, original.text, planned.number, openings)) continue;
        openings.set(planned.number, opening);
      }
      blocks.splice(at, 1, ...replacement);
      words = revisedWords;
      applied += 1;
    }
    // Every edit the paragraph as it was: the section comes back unchanged, and is counted so (not as unusable).
    if (applied === 0 && same === edits.length) return section;
    if (applied === 0) {
      // Not a revision: the job must not say the section was revised, nor count it.
      await this.call.notify(this.say.keptAsDrafted(this.shapeLabel, planned.number, 'unusable'));
      return undefined;
    }
    return { ...section, chapter: { ...section.chapter, blocks } };
  }

  /**
   * The first page as the other writers are shown it: as a reader reads it (no Markdown a model slipped in), and
   * without the sentences that lean on stock phrases, which a writer told to take its voice would copy.
   */
  private voiceSample(text: string): string {
    const read = blocksToProse(proseToBlocks(text, { headings: !isFiction(this.plan.type) }));
    return withoutStockSentences(read, this.plan.language, this.plan.bible.kind);
  }

  /**
   * A rewrite of a section's `original` text (a reviser's paragraph, a seam's new opening) as the book may print
   * it: without the stock phrases and summing-up it brought in, outside speech. Undefined when it makes a
   * first-person narrator the subject by name (copied from a brief that speaks of Mara), or slips into the other
   * tense, where `original` did not: a rewrite is not checked again as a draft is.
   */
  private rewrite(section: PlannedSection, original: string, revised: string): string | undefined {
    const text = withoutNewStockSentences(original, revised, this.plan.language, this.plan.bible.kind);
    const { narrator } = sectionNarration(this.plan.bible, section);
    if (narrator && namedMore(text, original, this.plan.language, narrator)) return undefined;
    const tense = this.plan.bible.kind === 'story' ? this.plan.bible.tense : undefined;
    if (tense && tenseSlipped(original, text, this.plan.language, tense)) return undefined;
    return text;
  }

  /**
   * Whether a new first paragraph of section `number` would make it the third section of a work of fiction to open
   * with the same words (the pattern the whole-text check sends sections to revision for), where its draft did not.
   */
  private opensLikeOthers(opening: string, original: string, number: number, openings: Map<number, string>): boolean {
    if (!isFiction(this.plan.type)) return false;
    const others = [...openings].filter(([other]) => other !== number).map(([, paragraph]) => paragraph);
    return joinsAlikeOpenings(opening, original, others, this.plan.language) !== undefined;
  }

  /** Whether a section of this many words would break the client's limit on a section: a rewrite that would is not used. */
  private overClientLimit(words: number): boolean {
    const limit = this.plan.wordLimits?.section;
    return limit !== undefined && words > limit;
  }

  /**
   * Seams, the continuity check and revisions improve a book that is already
   * whole: when the model cannot give a usable answer for one of them, the
   * draft stands and the job says so, rather than failing a paid-for book.
   * Cancellation and transport failures still end the job.
   */
  private async advisory<T>(what: string, step: () => Promise<T>): Promise<T | undefined> {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof GenerationError) || !error.permanent) throw error;
      await this.call.notify(`${capitalise(what)} was skipped: ${error.message}`);
      return undefined;
    }
  }

  // ---- plumbing ----------------------------------------------------------------------------------

  /**
   * Runs tasks within the concurrency limit. When one fails, the run is over:
   * tasks not started never start, and the calls in flight are stopped rather
   * than paid for to the end. The first real failure is what the job reports.
   */
  private async inParallel<T, R>(items: readonly T[], task: (item: T, index: number) => Promise<R>): Promise<R[]> {
    const limiter = new TaskLimiter(this.settings.concurrency);
    let firstFailure: Error | undefined;
    const results = await Promise.allSettled(
      items.map((item, index) =>
        limiter.run(async () => {
          try {
            return await task(item, index);
          } catch (error) {
            limiter.stop();
            if (firstFailure === undefined && !this.stopCalls.signal.aborted) {
              firstFailure = error instanceof Error ? error : new Error(String(error));
              this.stopCalls.abort();
            }
            throw error;
          }
        }),
      ),
    );
    if (firstFailure !== undefined) throw firstFailure;
    const failure = results.find(
      (result): result is PromiseRejectedResult =>
        result.status === 'rejected' && !(result.reason instanceof TaskCancelledError),
    );
    if (failure) throw failure.reason;
    return results.map((result) => {
      if (result.status === 'rejected') throw new Error('unreachable: a cancelled task without a failed one');
      return result.value;
    });
  }

  private writingProgress(): number {
    let written = 0;
    for (const section of this.plan.sections) written += Math.min(section.words, this.words.get(section.number) ?? 0);
    const share = this.plan.targetWords > 0 ? written / this.plan.targetWords : 0;
    return PROGRESS.planned + (PROGRESS.written - PROGRESS.planned) * Math.min(1, share);
  }

  private async report(progress: number, message?: string): Promise<void> {
    this.progressNow = Math.max(this.progressNow, progress);
    await this.context.progress.report(this.progressNow, message);
  }

  /** Progress rises as words stream in, without a message, at most once per interval for the whole book. */
  private reportWordsArriving(): void {
    const now = Date.now();
    if (now - this.lastSilentReport < SILENT_PROGRESS_INTERVAL_MS) return;
    this.lastSilentReport = now;
    this.report(this.writingProgress()).catch(() => undefined);
  }

  private async save(key: string, chapter: BookChapter): Promise<void> {
    await this.context.checkpoints?.save(this.request.requestId, key, chapter);
  }

  private async saveSection(section: WrittenSection): Promise<void> {
    await this.save(sectionKey(section.chapter.number), section.chapter);
    if (section.notes) {
      // A picture book's spread keeps what its picture shows, for the illustrator of a resumed job.
      const stored = {
        ...section.notes,
        planId: this.plan.planId,
        ...(section.illustration ? { illustration: section.illustration } : {}),
      };
      await this.save(notesKey(section.chapter.number), jsonChapter(notesKey(section.chapter.number), stored));
    }
  }

  private totalWords(sections: WrittenSection[]): number {
    return sections.reduce((sum, section) => sum + chapterWords(section.chapter), 0);
  }
}

/**
 * A book whose client listed its chapters keeps its length: the words are
 * spread over the listed chapters (long chapters are written in several
 * answers, by continuation).
 */
function reshape(shape: BookShape, listed: number | undefined): BookShape {
  if (listed === undefined || listed === shape.sections) return shape;
  const wordsPerSection = Math.round(shape.totalWords / listed / 10) * 10;
  return {
    ...shape,
    sections: listed,
    wordsPerSection,
    sectionWords: { min: Math.round(wordsPerSection * 0.6), max: Math.round(wordsPerSection * 1.5) },
    totalWords: wordsPerSection * listed,
  };
}

/**
 * The book's first page, as its writer wrote it, or as a resumed job stored
 * it: the other writers wait on `text`. Settled once; undefined when the
 * first section failed before writing it.
 */
class FirstPage {
  readonly text: Promise<string | undefined>;
  written = false;
  private resolve!: (text: string | undefined) => void;

  constructor(stored?: string) {
    this.text = new Promise((resolve) => (this.resolve = resolve));
    if (stored !== undefined) this.settle(stored);
  }

  settle(text: string | undefined): void {
    if (this.written) return;
    this.written = true;
    this.resolve(text);
  }
}

/** Appends a continuation: inside the paragraph when the text stopped mid-sentence, as a new paragraph otherwise. */
function joinPieces(text: string, piece: string, midSentence: boolean): string {
  if (text === '') return piece;
  return midSentence ? `${text.trimEnd()} ${piece.trimStart()}` : `${text.trimEnd()}\n\n${piece.trimStart()}`;
}

/** Notes that may still be missing the middle of a section (a continuation only sees its own part). */
type DraftNotes = SectionNotes & { complete?: boolean };

/**
 * The request with the reason its last answer was not used, at the end of the
 * last user message (one user turn: some local chat templates insist that
 * turns alternate). The rejected answer itself is not echoed back: it is
 * thousands of tokens, and the reason says what to change.
 */
function withRejection(messages: readonly ChatMessage[], reason: string): ChatMessage[] {
  const last = messages.length - 1;
  const note = `\n\nYour previous answer could not be used (${reason}). Write it again, following every rule above.`;
  return messages.map((message, index) =>
    index === last && message.role === 'user' ? { ...message, content: `${message.content}${note}` } : message,
  );
}

/**
 * A continuation's notes extend the notes so far: its closing state is the
 * section's, its facts add to the earlier ones. The summary of a section
 * written in several answers is only whole if every answer gave notes, so
 * such notes are marked incomplete when one did not, and then extracted again.
 */
function mergeNotes(earlier: DraftNotes | undefined, latest: SectionNotes | undefined): DraftNotes | undefined {
  if (!earlier) return latest ? { ...latest, complete: true } : undefined;
  if (!latest) return { ...earlier, complete: false };
  return {
    summary: `${earlier.summary} ${latest.summary}`,
    closingState: latest.closingState,
    facts: [...new Set([...earlier.facts, ...latest.facts])].slice(0, 20),
    complete: earlier.complete !== false,
  };
}

function withoutMark(notes: DraftNotes): SectionNotes {
  return { summary: notes.summary, closingState: notes.closingState, facts: notes.facts };
}

/** The last paragraphs of a section, up to about `words` words. */
function tailParagraphs(blocks: BookBlock[], words: number): string {
  const prose = blocksToProse(blocks).split('\n\n');
  const taken: string[] = [];
  let count = 0;
  for (let index = prose.length - 1; index >= 0 && count < words; index -= 1) {
    const paragraph = prose[index] ?? '';
    taken.unshift(paragraph);
    count += countWords(paragraph);
  }
  return taken.join('\n\n');
}

/** The first paragraphs of a section (up to about `words` words) and how many they are. */
function headParagraphs(blocks: BookBlock[], words: number): { count: number; text: string } {
  const taken: string[] = [];
  let count = 0;
  for (const block of blocks) {
    if (block.kind !== 'paragraph') break;
    if (count >= words) break;
    taken.push(block.text);
    count += countWords(block.text);
  }
  return { count: taken.length, text: taken.join('\n\n') };
}

/** Checkpoints hold chapters: other state travels as JSON in the one paragraph of a chapter. */
function jsonChapter(key: string, value: unknown): BookChapter {
  return {
    id: key,
    kind: 'chapter',
    number: 0,
    title: key,
    blocks: [{ kind: 'paragraph', text: JSON.stringify({ version: CHECKPOINT_VERSION, value }) }],
  };
}

function readJson(chapter: BookChapter | undefined): unknown {
  const block = chapter?.blocks[0];
  if (!block || block.kind !== 'paragraph') return undefined;
  try {
    const stored = JSON.parse(block.text) as unknown;
    return isRecord(stored) && stored.version === CHECKPOINT_VERSION ? stored.value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `revised` names the narrator of a first-person book as a subject more often than `original` did. */
function namedMore(revised: string, original: string, language: string, narrator: string): boolean {
  return (
    narratorNamedAsOther(revised, language, narrator).length > narratorNamedAsOther(original, language, narrator).length
  );
}
