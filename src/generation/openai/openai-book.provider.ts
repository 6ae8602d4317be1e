import { Logger } from '@nestjs/common';
import OpenAI, { APIError, BadRequestError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import {
  BOOK_DOCUMENT_VERSION,
  type BookBlock,
  type BookChapter,
  type BookDocument,
  type BookImage,
  type FrontMatter,
  type GlossaryEntryBlock,
} from '../book-document';
import type {
  BookGenerationRequest,
  BookProvider,
  GenerationOutcome,
  GenerationProgressReporter,
  SectionCheckpointStore,
} from '../book-provider';
import { GenerationError } from '../generation.errors';
import {
  type BookPlan,
  type PlannedSection,
  PLAN_CHECKPOINT_KEY,
  PLAN_SYSTEM_PROMPT,
  planFromCheckpoint,
  plannedWordCount,
  planPrompt,
  planToCheckpoint,
  readPlan,
  TYPE_PROFILES,
} from './book-plan';
import {
  buildSectionChapter,
  chapterWords,
  continuationPrompt,
  isReusableSection,
  readSectionBlocks,
  SECTION_SYSTEM_PROMPT,
  sectionCheckpointKey,
  sectionChapterId,
  sectionPrompt,
} from './book-section';
import { acceptsResponseFormat, coverPrompt, describeImage, IMAGE_SIZE, sectionImagePrompt } from './illustrations';
import { extractJson } from './model-json';
import type { OpenAiModelSettings } from './openai-settings';
import { describeForLog, toGenerationError } from './provider-errors';
import { TaskCancelledError, TaskLimiter } from './task-limiter';

export interface OpenAiBookProviderOptions {
  /** Draws the pictures when the book asks for them and no image model is configured (the builtin illustrator). */
  illustrate?: (document: BookDocument, seed: string) => BookDocument | Promise<BookDocument>;
  /** Tests and odd deployments (Azure) build their own client; the default is the SDK's, from the settings. */
  clientFactory?: (settings: OpenAiModelSettings) => OpenAI;
}

/** Answers that fail validation are asked for again this many times in all, then the job fails. */
const PLAN_ATTEMPTS = 3;
const SECTION_ATTEMPTS = 3;
/** A prose section shorter than this share of its budget gets one continuation request. */
const SHORT_SECTION_RATIO = 0.7;
/** Bounds what a malformed answer adds to the conversation when the plan is asked for again. */
const ECHO_LIMIT = 20_000;

const PROGRESS = { planned: 5, writingEndWithImages: 80, writingEnd: 95, assembling: 97 } as const;

interface Usage {
  tokens: number;
}

export function createOpenAiClient(settings: OpenAiModelSettings): OpenAI {
  return new OpenAI({
    baseURL: settings.baseUrl,
    // Local servers (Ollama, llama.cpp, vLLM) need no key, but the SDK refuses to start without one.
    apiKey: settings.apiKey || 'no-key',
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
  });
}

/**
 * Writes books with any OpenAI-compatible chat-completions endpoint: one
 * request for the plan, one per section (concurrently, bounded), pictures
 * through the images endpoint when an image model is configured. Every
 * finished section is checkpointed at once, so a retried job only pays for
 * what is missing.
 */
export class OpenAiBookProvider implements BookProvider {
  readonly name = 'openai';
  private readonly logger = new Logger(OpenAiBookProvider.name);
  private readonly client: OpenAI;
  /** Switched off for good the first time the server rejects `response_format` (older vLLM, some proxies). */
  private jsonMode = true;

  constructor(
    private readonly settings: OpenAiModelSettings,
    private readonly options: OpenAiBookProviderOptions = {},
  ) {
    this.client = (options.clientFactory ?? createOpenAiClient)(settings);
  }

  async generate(
    request: BookGenerationRequest,
    progress: GenerationProgressReporter,
    checkpoints?: SectionCheckpointStore,
  ): Promise<GenerationOutcome> {
    const usage: Usage = { tokens: 0 };
    await progress.report(0, 'Planning the outline');
    const stored = checkpoints ? await checkpoints.load(request.requestId) : new Map<string, BookChapter>();
    let plan = planFromCheckpoint(stored.get(PLAN_CHECKPOINT_KEY), request);
    if (!plan) {
      // Sections saved under another plan would not fit this one.
      stored.clear();
      plan = await this.planBook(request, usage);
      await checkpoints?.save(request.requestId, PLAN_CHECKPOINT_KEY, planToCheckpoint(plan));
    }

    const drawWithModel = request.images && this.settings.imageModel !== undefined;
    const writingEnd = drawWithModel ? PROGRESS.writingEndWithImages : PROGRESS.writingEnd;
    const chapters = await this.writeSections(request, plan, stored, usage, progress, writingEnd, checkpoints);

    let art: Illustrations = { images: [], chapterImages: new Map() };
    if (drawWithModel) {
      await progress.report(writingEnd, `Drawing ${plan.sections.length + 1} illustrations`);
      art = await this.drawIllustrations(plan, usage);
    }

    await progress.report(PROGRESS.assembling, 'Assembling the book');
    let document = assemble(request, plan, chapters, art);
    if (request.images && !drawWithModel && this.options.illustrate) {
      document = await this.options.illustrate(document, request.requestId);
    }
    document.metadata.wordCount = document.chapters.reduce((sum, chapter) => sum + chapterWords(chapter), 0);
    return { document, tokensUsed: usage.tokens, plannedWordCount: plannedWordCount(plan) };
  }

  private async planBook(request: BookGenerationRequest, usage: Usage): Promise<BookPlan> {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: PLAN_SYSTEM_PROMPT },
      { role: 'user', content: planPrompt(request) },
    ];
    let problems: string[] = [];
    for (let attempt = 1; attempt <= PLAN_ATTEMPTS; attempt += 1) {
      const content = await this.chat(messages, usage);
      const json = extractJson(content);
      const reading =
        json === undefined
          ? { errors: ['the answer is not valid JSON'] }
          : readPlan(json, request, { normalise: true });
      if (reading.plan) return reading.plan;
      problems = reading.errors;
      this.logger.warn(
        `Unusable plan for ${request.requestId} (attempt ${attempt}): ${problems.slice(0, 5).join('; ')}`,
      );
      // Telling the model what was wrong fixes most plans on the next answer.
      messages.push(
        { role: 'assistant', content: content.slice(0, ECHO_LIMIT) },
        {
          role: 'user',
          content: `That plan cannot be used: ${problems.slice(0, 8).join('; ')}. Answer again with the complete, corrected JSON object.`,
        },
      );
    }
    // Permanent: a model that cannot produce the plan three times running will not on a job retry either.
    throw new GenerationError(
      `The model did not return a usable book plan after ${PLAN_ATTEMPTS} attempts (${problems[0] ?? 'no answer'})`,
      true,
    );
  }

  private async writeSections(
    request: BookGenerationRequest,
    plan: BookPlan,
    stored: Map<string, BookChapter>,
    usage: Usage,
    progress: GenerationProgressReporter,
    writingEnd: number,
    checkpoints: SectionCheckpointStore | undefined,
  ): Promise<BookChapter[]> {
    const profile = TYPE_PROFILES[plan.type];
    const total = plan.sections.length;
    const span = writingEnd - PROGRESS.planned;
    const reused = new Map<number, BookChapter>();
    for (const section of plan.sections) {
      const chapter = stored.get(sectionCheckpointKey(section.number));
      if (isReusableSection(chapter, section)) reused.set(section.number, chapter);
    }
    let finished = reused.size;
    if (finished > 0) {
      await progress.report(
        PROGRESS.planned + (span * finished) / total,
        `Resuming: ${finished} of ${total} ${profile.label}s already written`,
      );
    }

    const limiter = new TaskLimiter(this.settings.concurrency);
    const results = await Promise.allSettled(
      plan.sections.map(async (section) => {
        const existing = reused.get(section.number);
        if (existing) return existing;
        return limiter.run(async () => {
          try {
            await progress.report(
              PROGRESS.planned + (span * finished) / total,
              `Writing ${profile.label} ${section.number} of ${total}: ${section.title}`,
            );
            const chapter = await this.writeSection(request, plan, section, usage);
            await checkpoints?.save(request.requestId, sectionCheckpointKey(section.number), chapter);
            finished += 1;
            return chapter;
          } catch (error) {
            // Inside the task, so the queue is closed before this task's slot passes to the next one.
            limiter.stop();
            throw error;
          }
        });
      }),
    );
    const failure = results.find(
      (result): result is PromiseRejectedResult =>
        result.status === 'rejected' && !(result.reason instanceof TaskCancelledError),
    );
    if (failure) throw failure.reason;
    return results.map((result) => {
      if (result.status === 'rejected') throw new Error('unreachable: a cancelled section without a failed one');
      return result.value;
    });
  }

  private async writeSection(
    request: BookGenerationRequest,
    plan: BookPlan,
    section: PlannedSection,
    usage: Usage,
  ): Promise<BookChapter> {
    const profile = TYPE_PROFILES[plan.type];
    for (let attempt = 1; attempt <= SECTION_ATTEMPTS; attempt += 1) {
      const content = await this.chat(
        [
          { role: 'system', content: SECTION_SYSTEM_PROMPT },
          { role: 'user', content: sectionPrompt(request, plan, section) },
        ],
        usage,
      );
      const chapter = buildSectionChapter(plan, section, readSectionBlocks(content));
      if (!chapter) {
        this.logger.warn(`Unusable ${profile.label} ${section.number} for ${request.requestId} (attempt ${attempt})`);
        continue;
      }
      const written = chapterWords(chapter);
      // Pages are short by nature and end on their last panel; only prose is worth topping up.
      if (profile.kind !== 'page' && written < section.words * SHORT_SECTION_RATIO) {
        const missing = Math.round((section.words - written) / 10) * 10;
        const more = await this.chat(
          [
            { role: 'system', content: SECTION_SYSTEM_PROMPT },
            { role: 'user', content: continuationPrompt(request, plan, section, chapter.blocks, missing) },
          ],
          usage,
        );
        chapter.blocks.push(...readSectionBlocks(more).filter((block) => block.kind !== 'panel'));
      }
      return chapter;
    }
    // Transient: the sections already written are checkpointed, so a job retry is cheap.
    throw new GenerationError(
      `The model did not return usable text for ${profile.label} ${section.number} after ${SECTION_ATTEMPTS} attempts`,
    );
  }

  private async chat(messages: ChatCompletionMessageParam[], usage: Usage): Promise<string> {
    const jsonMode = this.jsonMode;
    try {
      const completion = await this.client.chat.completions.create({
        model: this.settings.model,
        messages,
        // json_object rather than json_schema: vLLM, Ollama and llama.cpp all understand it.
        ...(jsonMode ? { response_format: { type: 'json_object' as const } } : {}),
      });
      usage.tokens += completion.usage?.total_tokens ?? 0;
      const choices: unknown = completion.choices;
      return Array.isArray(choices) ? (completion.choices[0]?.message.content ?? '') : '';
    } catch (error) {
      if (jsonMode && error instanceof BadRequestError && /response_format|json_object/i.test(error.message)) {
        this.logger.warn('The provider rejects response_format; asking for JSON in the prompt only from now on');
        this.jsonMode = false;
        return this.chat(messages, usage);
      }
      this.logger.warn(`Chat completion failed: ${describeForLog(error, this.settings.apiKey)}`);
      throw toGenerationError(error, this.settings);
    }
  }

  private async drawIllustrations(plan: BookPlan, usage: Usage): Promise<Illustrations> {
    const imageModel = this.settings.imageModel;
    if (imageModel === undefined) return { images: [], chapterImages: new Map() };
    const jobs = [
      { id: 'cover', prompt: coverPrompt(plan), alt: `Cover of ${plan.title}`, section: undefined },
      ...plan.sections.map((section) => ({
        id: `img-${sectionChapterId(section.number)}`,
        prompt: sectionImagePrompt(plan, section),
        alt: section.summary.slice(0, 300),
        section: section.number,
      })),
    ];
    const limiter = new TaskLimiter(this.settings.concurrency);
    const rejected: unknown[] = [];
    const results = await Promise.allSettled(
      jobs.map((job) =>
        limiter.run(async () => {
          try {
            const data = await this.drawOne(imageModel, job.prompt, usage);
            return { ...job, data };
          } catch (error) {
            // A 400 on one picture is usually the safety filter on that prompt: the book goes on without it.
            if (error instanceof BadRequestError) {
              rejected.push(error);
              this.logger.warn(`Illustration ${job.id} rejected: ${describeForLog(error, this.settings.apiKey)}`);
              return undefined;
            }
            limiter.stop();
            throw error;
          }
        }),
      ),
    );
    const failure = results.find(
      (result): result is PromiseRejectedResult =>
        result.status === 'rejected' && !(result.reason instanceof TaskCancelledError),
    );
    if (failure) throw toGenerationError(failure.reason, this.settings);
    // Every picture refused means the request itself is wrong (size, model): that is not a filter.
    if (rejected.length === jobs.length) throw toGenerationError(rejected[0], this.settings);

    const art: Illustrations = { images: [], chapterImages: new Map() };
    for (const result of results) {
      if (result.status !== 'fulfilled' || !result.value) continue;
      const { id, alt, section, data } = result.value;
      art.images.push({
        id,
        alt,
        data: data.base64,
        mediaType: data.mediaType,
        width: data.width,
        height: data.height,
      });
      if (section === undefined) art.coverImageId = id;
      else art.chapterImages.set(section, id);
    }
    return art;
  }

  private async drawOne(
    imageModel: string,
    prompt: string,
    usage: Usage,
  ): Promise<{ base64: string } & Pick<BookImage, 'mediaType' | 'width' | 'height'>> {
    let response: OpenAI.ImagesResponse;
    try {
      response = await this.client.images.generate({
        model: imageModel,
        prompt,
        n: 1,
        size: IMAGE_SIZE,
        ...(acceptsResponseFormat(imageModel) ? { response_format: 'b64_json' as const } : {}),
      });
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      if (error instanceof BadRequestError) throw error;
      this.logger.warn(`Image generation failed: ${describeForLog(error, this.settings.apiKey)}`);
      throw toGenerationError(error, this.settings);
    }
    usage.tokens += response.usage?.total_tokens ?? 0;
    const base64 = response.data?.[0]?.b64_json;
    const described = base64 ? describeImage(base64) : undefined;
    if (!base64 || !described) throw new GenerationError('The image provider returned no usable picture');
    return { base64, ...described };
  }
}

interface Illustrations {
  images: BookImage[];
  coverImageId?: string;
  chapterImages: Map<number, string>;
}

/** The BookDocument every renderer reads, from the plan, the written sections and the pictures. */
function assemble(
  request: BookGenerationRequest,
  plan: BookPlan,
  sections: BookChapter[],
  art: Illustrations,
): BookDocument {
  const profile = TYPE_PROFILES[plan.type];
  const glossary = new Map<string, GlossaryEntryBlock>();
  const chapters: BookChapter[] = sections.map((chapter) => {
    const imageId = art.chapterImages.get(chapter.number);
    let blocks: BookBlock[] = chapter.blocks;
    if (plan.type === 'textbook') {
      // Lessons define their key terms as they go; the book gathers them into one glossary at the end.
      blocks = chapter.blocks.filter((block) => {
        if (block.kind !== 'glossary_entry') return true;
        const key = block.term.toLocaleLowerCase();
        if (!glossary.has(key)) glossary.set(key, block);
        return false;
      });
    }
    return { ...chapter, blocks, ...(imageId ? { imageId } : {}) };
  });
  if (glossary.size > 0) {
    chapters.push({
      id: 'glossary',
      kind: 'glossary',
      number: chapters.length + 1,
      title: 'Glossary',
      blocks: [...glossary.values()].sort((a, b) => a.term.localeCompare(b.term, plan.language)),
    });
  }
  if (plan.type === 'non_fiction' && plan.sources.length > 0) {
    chapters.push({
      id: 'sources',
      kind: 'sources',
      number: chapters.length + 1,
      title: 'Sources',
      blocks: [{ kind: 'list', ordered: false, items: plan.sources }],
    });
  }

  const frontMatter: FrontMatter = {};
  if (plan.dedication) frontMatter.dedication = plan.dedication;
  if (profile.fiction && plan.cast.length > 0) frontMatter.cast = plan.cast;
  if (!profile.fiction && plan.objectives.length > 0) frontMatter.objectives = plan.objectives;

  return {
    schemaVersion: BOOK_DOCUMENT_VERSION,
    metadata: {
      title: plan.title,
      ...(plan.subtitle ? { subtitle: plan.subtitle } : {}),
      author: request.author,
      language: plan.language,
      type: plan.type,
      style: plan.style,
      model: request.model,
      synopsis: plan.synopsis,
      readingDirection: plan.type === 'manga' ? 'rtl' : 'ltr',
      identifier: request.requestId,
      createdAt: request.createdAt,
      wordCount: 0,
    },
    ...(art.coverImageId ? { coverImageId: art.coverImageId } : {}),
    frontMatter,
    chapters,
    images: art.images,
  };
}
