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
import { GenerationCancelledError, GenerationError, throwIfCancelled } from '../../generation.errors';
import { GenerationMeter, type GenerationReport, publicReport } from '../../generation-report';
import {
  acceptsResponseFormat,
  coverAlt,
  coverPrompt,
  coverScene,
  describeImage,
  IMAGE_SIZE,
  sectionImageAlt,
  sectionScene,
  sectionImagePrompt,
} from '../drawings/illustrations';
import { chapterId, LongFormPipeline, type WrittenSection } from './long-form-pipeline';
import { type CallContext, createOpenAiClient, ModelClient } from '../client/model-client';
import { type DrawnPictures, ModelIllustrator, pagesWithPanels, panelKey } from '../drawings/model-illustrator';
import { PICTURE_BUDGETS, pictureJobs, planPictures, type SectionArt } from '../drawings/svg-pictures';
import {
  NO_SHEET,
  type VisualSheet,
  visualSheetMaxTokens,
  visualSheetMessages,
  visualSheetStep,
} from '../drawings/visual-sheet.step';
import { bookShape } from '../../../book/book-shapes';
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
  private readonly modelClient: ModelClient;
  private readonly pipeline: LongFormPipeline;

  constructor(
    private readonly settings: OpenAiModelSettings,
    private readonly options: OpenAiBookProviderOptions = {},
  ) {
    this.client = (options.clientFactory ?? createOpenAiClient)(settings);
    // One client for the text and the drawings: what it learns of the server (its parameters, its modes) holds for both.
    this.modelClient = new ModelClient(settings, this.client);
    this.pipeline = new LongFormPipeline(this.modelClient, settings);
  }

  async generate(request: BookGenerationRequest, context: GenerationContext): Promise<GenerationOutcome> {
    const meter = new GenerationMeter(
      this.name,
      { planner: this.settings.plannerModel, writer: this.settings.model },
      context.onUsage,
    );
    const { plan, sections } = await this.pipeline.write(request, context, meter);

    let art = noPictures();
    if (request.images) {
      await context.progress.report(97, progressWords(plan.language).drawing(plan.sections.length + 1));
      const illustrator = this.settings.imageModel ?? this.settings.illustratorModel ?? this.settings.model;
      const pictureMeter = meter.forPictures(illustrator);
      const call: CallContext = {
        signal: context.signal,
        meter: pictureMeter,
        notify: (message) => context.progress.report(97, message),
      };
      // Measured before the sheet: the pictures' budget is a share of what the text took.
      const written = meter.snapshot();
      const sheet = await this.visualSheet(plan, call);
      art =
        this.settings.imageModel !== undefined
          ? await this.drawIllustrations(plan, sections, sheet, this.settings.imageModel, context.signal, pictureMeter)
          : await this.drawAsSvg(plan, sections, sheet, request, illustrator, written, call);
    }
    await context.progress.report(99, progressWords(plan.language).assembling());
    let document = assemble(request, plan, sections, art);
    if (request.images && this.options.illustrate) {
      // The builtin illustrator draws what no model did: every picture when no model draws, else the gaps.
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
        // A comic page whose panels a model drew shows its art in them, as the PDF does: no picture above them.
        withoutChapterPicture: new Set(pagesWithPanels(art).map(chapterId)),
      });
    }
    if (request.images) {
      const drawn = new Set(art.images.map((image) => image.id));
      document.images = document.images.map((image) => ({
        ...image,
        drawnBy: drawn.has(image.id) ? ('model' as const) : ('builtin' as const),
      }));
      meter.countPictures(drawn.size, document.images.length - drawn.size);
    }
    document.metadata.wordCount = documentWords(document.chapters);
    const report = meter.snapshot();
    document.metadata.generation = publicReport(report);
    return { document, report };
  }

  /**
   * The visual sheet every picture's request carries. Advisory: a planner
   * that cannot give one leaves the pictures to the bible's descriptions.
   */
  private async visualSheet(plan: BookPlan, call: CallContext): Promise<VisualSheet> {
    try {
      return await this.modelClient.structured(
        visualSheetStep(plan),
        {
          model: this.settings.plannerModel,
          messages: visualSheetMessages(plan),
          maxTokens: visualSheetMaxTokens(plan),
          label: 'the visual sheet',
        },
        call,
      );
    } catch (error) {
      if (call.signal.aborted || error instanceof GenerationCancelledError) throw new GenerationCancelledError();
      this.logger.warn(`No visual sheet: ${describeForLog(error, this.settings.apiKey)}`);
      return NO_SHEET;
    }
  }

  /**
   * The pictures drawn as SVG by a text model (the writer, or
   * OPENAI_ILLUSTRATOR_MODEL), within the type's share of the tokens the text
   * took; what is not drawn is left to the builtin illustrator.
   */
  private async drawAsSvg(
    plan: BookPlan,
    sections: WrittenSection[],
    sheet: VisualSheet,
    request: BookGenerationRequest,
    model: string,
    written: GenerationReport,
    call: CallContext,
  ): Promise<DrawnPictures> {
    const art: SectionArt[] = plan.sections.map((section) => {
      const done = sections[section.number - 1];
      const panels = (done?.chapter.blocks ?? []).flatMap((block) =>
        block.kind === 'panel' ? [{ number: block.number, description: block.description }] : [],
      );
      return {
        section,
        ...(done?.illustration ? { illustration: done.illustration } : {}),
        panels,
        alt: sectionImageAlt(section, done?.illustration),
      };
    });
    const label = bookShape(plan.type, request.model).sectionLabel;
    const jobs = pictureJobs(plan, sheet, art, { scene: coverScene(plan), alt: coverAlt(plan) }, label);
    const spent = call.meter.snapshot().pictures;
    const budget =
      PICTURE_BUDGETS[plan.type].share * (written.promptTokens + written.completionTokens) -
      (spent ? spent.promptTokens + spent.completionTokens : 0);
    return new ModelIllustrator(this.modelClient, model, this.settings.concurrency).draw(
      planPictures(jobs, budget),
      call,
    );
  }

  /** The pictures drawn by the images endpoint's model, from the same scenes and sheet. */
  private async drawIllustrations(
    plan: BookPlan,
    sections: WrittenSection[],
    sheet: VisualSheet,
    imageModel: string,
    signal: AbortSignal,
    meter: GenerationMeter,
  ): Promise<DrawnPictures> {
    const jobs = [
      { id: 'cover', prompt: coverPrompt(plan, sheet), alt: coverAlt(plan), section: undefined },
      ...plan.sections.map((section) => ({
        id: `img-${chapterId(section.number)}`,
        prompt: sectionImagePrompt(plan, section, sections[section.number - 1]?.illustration, sheet),
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

    const art = noPictures();
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
    meter.countCall('first');
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

function noPictures(): DrawnPictures {
  return { images: [], chapterImages: new Map(), panelImages: new Map() };
}

/** The BookDocument every renderer reads, from the plan, the written sections and the pictures. */
function assemble(
  request: BookGenerationRequest,
  plan: BookPlan,
  sections: WrittenSection[],
  art: DrawnPictures,
): BookDocument {
  const glossary = new Map<string, GlossaryEntryBlock>();
  const chapters: BookChapter[] = sections.map(({ chapter }) => {
    const imageId = art.chapterImages.get(chapter.number);
    let blocks = chapter.blocks.map((block) => {
      const panelImage =
        block.kind === 'panel' ? art.panelImages.get(panelKey(chapter.number, block.number)) : undefined;
      return panelImage && block.kind === 'panel' ? { ...block, imageId: panelImage } : block;
    });
    if (plan.type === 'textbook') {
      // Lessons define their key terms as they go; the book gathers them into one glossary at the end.
      blocks = blocks.filter((block) => {
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
