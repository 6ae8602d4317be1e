import { Logger } from '@nestjs/common';
import OpenAI, { APIError, BadRequestError } from 'openai';
import {
  BOOK_DOCUMENT_VERSION,
  type BookChapter,
  type BookDocument,
  type BookImage,
  type FrontMatter,
  type GlossaryEntryBlock,
} from '../../../book/book-document';
import { bookLabels } from '../../../book/book-labels';
import { documentWords } from '../../../book/word-count';
import type {
  BookGenerationRequest,
  BookProvider,
  GenerationContext,
  GenerationOutcome,
  PictureHints,
} from '../../book-provider';
import { GenerationError, throwIfCancelled } from '../../generation.errors';
import { GenerationMeter, publicReport } from '../../generation-report';
import {
  acceptsResponseFormat,
  coverAlt,
  coverPrompt,
  describeImage,
  IMAGE_SIZE,
  sectionImageAlt,
  sectionScene,
  sectionImagePrompt,
} from '../drawings/illustrations';
import { chapterId, LongFormPipeline, type WrittenSection } from './long-form-pipeline';
import { createOpenAiClient, ModelClient } from '../client/model-client';
import type { OpenAiModelSettings } from '../client/openai-settings';
import { describeForLog, toGenerationError } from '../client/provider-errors';
import type { BookPlan } from './steps/book-plan';
import { TaskCancelledError, TaskLimiter } from '../client/task-limiter';
import { progressWords } from '../../progress-words';

export interface OpenAiBookProviderOptions {
  /**
   * Draws the pictures when the book asks for them and no image model is
   * configured (the builtin illustrator), each chapter's from the scene its
   * outline gives (`scenes`, by chapter id).
   */
  illustrate?: (document: BookDocument, seed: string, hints: PictureHints) => BookDocument | Promise<BookDocument>;
  /** Tests and odd deployments (Azure) build their own client; the default is the SDK's, from the settings. */
  clientFactory?: (settings: OpenAiModelSettings) => OpenAI;
}

/**
 * Writes full-length books with any OpenAI-compatible chat-completions
 * endpoint through the long-form pipeline, then draws pictures through the
 * images endpoint when an image model is configured, and assembles the book
 * document with what it used.
 */
export class OpenAiBookProvider implements BookProvider {
  readonly name = 'openai';
  private readonly logger = new Logger(OpenAiBookProvider.name);
  private readonly client: OpenAI;
  private readonly pipeline: LongFormPipeline;

  constructor(
    private readonly settings: OpenAiModelSettings,
    private readonly options: OpenAiBookProviderOptions = {},
  ) {
    this.client = (options.clientFactory ?? createOpenAiClient)(settings);
    this.pipeline = new LongFormPipeline(new ModelClient(settings, this.client), settings);
  }

  async generate(request: BookGenerationRequest, context: GenerationContext): Promise<GenerationOutcome> {
    const meter = new GenerationMeter(
      this.name,
      { planner: this.settings.plannerModel, writer: this.settings.model },
      context.onUsage,
    );
    const { plan, sections } = await this.pipeline.write(request, context, meter);

    const drawWithModel = request.images && this.settings.imageModel !== undefined;
    let art: Illustrations = { images: [], chapterImages: new Map() };
    if (drawWithModel) {
      await context.progress.report(97, progressWords(plan.language).drawing(plan.sections.length + 1));
      art = await this.drawIllustrations(plan, sections, context.signal, meter);
    }
    await context.progress.report(99, progressWords(plan.language).assembling());
    let document = assemble(request, plan, sections, art);
    if (request.images && !drawWithModel && this.options.illustrate) {
      const scenes = new Map(
        plan.sections.map((section) => {
          const illustration = sections[section.number - 1]?.illustration;
          const scene = { words: sectionScene(section, illustration), alt: sectionImageAlt(section, illustration) };
          return [chapterId(section.number), scene] as const;
        }),
      );
      document = await this.options.illustrate(document, request.requestId, {
        scenes,
        coverAlt: coverAlt(plan),
        cast: plan.bible.kind === 'story' ? plan.bible.characters.map((character) => character.name) : [],
      });
    }
    document.metadata.wordCount = documentWords(document.chapters);
    const report = meter.snapshot();
    document.metadata.generation = publicReport(report);
    return { document, report };
  }

  private async drawIllustrations(
    plan: BookPlan,
    sections: WrittenSection[],
    signal: AbortSignal,
    meter: GenerationMeter,
  ): Promise<Illustrations> {
    const imageModel = this.settings.imageModel;
    if (imageModel === undefined) return { images: [], chapterImages: new Map() };
    const jobs = [
      { id: 'cover', prompt: coverPrompt(plan), alt: coverAlt(plan), section: undefined },
      ...plan.sections.map((section) => ({
        id: `img-${chapterId(section.number)}`,
        prompt: sectionImagePrompt(plan, section, sections[section.number - 1]?.illustration),
        alt: sectionImageAlt(section, sections[section.number - 1]?.illustration),
        section: section.number,
      })),
    ];
    const limiter = new TaskLimiter(this.settings.concurrency);
    const rejected: unknown[] = [];
    const results = await Promise.allSettled(
      jobs.map((job) =>
        limiter.run(async () => {
          try {
            throwIfCancelled(signal);
            const data = await this.drawOne(imageModel, job.prompt, signal, meter);
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
    signal: AbortSignal,
    meter: GenerationMeter,
  ): Promise<{ base64: string } & Pick<BookImage, 'mediaType' | 'width' | 'height'>> {
    let response: OpenAI.ImagesResponse;
    meter.countPicture(imageModel);
    try {
      response = await this.client.images.generate(
        {
          model: imageModel,
          prompt,
          n: 1,
          size: IMAGE_SIZE,
          ...(acceptsResponseFormat(imageModel) ? { response_format: 'b64_json' as const } : {}),
        },
        { signal, maxRetries: this.settings.maxRetries },
      );
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      if (error instanceof BadRequestError) throw error;
      this.logger.warn(`Image generation failed: ${describeForLog(error, this.settings.apiKey)}`);
      throw toGenerationError(error, this.settings);
    }
    // gpt-image models report tokens (the prompt's and the picture's); the dall-e models none.
    meter.addTokens(imageModel, {
      prompt: response.usage?.input_tokens ?? 0,
      completion: response.usage?.output_tokens ?? 0,
      estimated: false,
    });
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
  sections: WrittenSection[],
  art: Illustrations,
): BookDocument {
  const glossary = new Map<string, GlossaryEntryBlock>();
  const chapters: BookChapter[] = sections.map(({ chapter }) => {
    const imageId = art.chapterImages.get(chapter.number);
    let blocks = chapter.blocks;
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
      title: bookLabels(plan.language).kinds.glossary,
      blocks: [...glossary.values()].sort((a, b) => a.term.localeCompare(b.term, plan.language)),
    });
  }
  // The bible and the synopsis are for the writers: roles, secrets and the ending. Nothing of them is printed
  // (the synopsis stays in the metadata); learning objectives are written for the reader.
  const frontMatter: FrontMatter = {};
  if (plan.bible.kind === 'subject' && plan.bible.readerOutcomes.length > 0) {
    frontMatter.objectives = plan.bible.readerOutcomes;
  }
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
      targetWords: plan.targetWords,
      scale: 'full',
    },
    ...(art.coverImageId ? { coverImageId: art.coverImageId } : {}),
    frontMatter,
    chapters,
    images: art.images,
  };
}
