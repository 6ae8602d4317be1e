/**
 * Draws a book's pictures with a text model, as SVG: one request a picture
 * (a comic page's panels in one), the answers made safe by `cleanDrawing`. A
 * drawing that cannot be used (refused, cut off, nearly empty, hostile beyond
 * cleaning) is asked again once with the reasons; a picture still without a
 * drawing, or whose request failed outright, is left to the builtin
 * illustrator: pictures never fail a book whose text is written.
 */
import { Logger } from '@nestjs/common';
import type { BookImage } from '../../../book/book-document';
import { GenerationCancelledError } from '../../generation.errors';
import type { CallContext, ModelClient } from '../client/model-client';
import { TaskCancelledError, TaskLimiter } from '../client/task-limiter';
import { cleanDrawing, type DrawingFrame, type DrawingReading } from './untrusted-svg';
import { type PictureJob, type PlannedPicture, redrawMessages } from './svg-pictures';

/** The pictures drawn, by where they go; what is not here is drawn by the builtin illustrator. */
export interface DrawnPictures {
  readonly images: BookImage[];
  coverImageId?: string;
  /** Section number to image id. */
  readonly chapterImages: Map<number, string>;
  /** `${section}:${panel}` to image id. */
  readonly panelImages: Map<string, string>;
}

export function panelKey(section: number, panel: number): string {
  return `${section}:${panel}`;
}

/** The sections (comic pages) with at least one panel a model drew. */
export function pagesWithPanels(drawn: DrawnPictures): number[] {
  return [...new Set([...drawn.panelImages.keys()].map((key) => Number(key.split(':')[0])))];
}

export class ModelIllustrator {
  private readonly logger = new Logger(ModelIllustrator.name);

  constructor(
    private readonly client: ModelClient,
    private readonly model: string,
    private readonly concurrency: number,
  ) {}

  async draw(planned: readonly PlannedPicture[], call: CallContext): Promise<DrawnPictures> {
    const drawn: DrawnPictures = { images: [], chapterImages: new Map(), panelImages: new Map() };
    const limiter = new TaskLimiter(this.concurrency);
    const results = await Promise.allSettled(
      planned.map((picture) =>
        'builtin' in picture
          ? Promise.resolve(undefined)
          : limiter.run(() => this.drawJob(picture.job, picture.maxTokens, call)),
      ),
    );
    const failures: unknown[] = [];
    for (const [index, result] of results.entries()) {
      if (result.status === 'rejected') {
        if (result.reason instanceof GenerationCancelledError || result.reason instanceof TaskCancelledError) {
          throw new GenerationCancelledError();
        }
        failures.push(result.reason);
        continue;
      }
      const job = planned[index]!.job;
      const svgs = result.value;
      if (!svgs) continue;
      svgs.forEach((svg, at) => {
        if (svg === undefined) return;
        const panel = job.panels?.[at];
        const id = job.section === undefined ? 'cover' : `img-${job.id}${panel === undefined ? '' : `-p${panel}`}`;
        drawn.images.push(image(id, svg, job, panel));
        if (job.section === undefined) drawn.coverImageId = id;
        else if (panel === undefined) drawn.chapterImages.set(job.section, id);
        else drawn.panelImages.set(panelKey(job.section, panel), id);
      });
    }
    // Every request failing is the server's or the settings' fault, not the pictures': the job is tried again
    // (its text is kept in its checkpoints). Some failing are pictures the builtin illustrator draws instead.
    const asked = planned.filter((picture) => !('builtin' in picture)).length;
    if (asked > 0 && failures.length === asked) throw failures[0];
    return drawn;
  }

  /**
   * The job's drawings (one, or one a panel), undefined where none could be
   * had; throws when its request fails outright (after the client's retries).
   */
  private async drawJob(job: PictureJob, maxTokens: number, call: CallContext): Promise<Array<string | undefined>> {
    const count = job.panels?.length ?? 1;
    const kept: Array<string | undefined> = Array.from({ length: count }, () => undefined);
    let messages = job.messages(maxTokens);
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      let answer;
      try {
        answer = await this.client.complete(
          { model: this.model, messages, maxTokens, kind: attempt === 1 ? 'first' : 'retry', label: job.label },
          call,
        );
      } catch (error) {
        if (call.signal.aborted || error instanceof GenerationCancelledError) throw new GenerationCancelledError();
        // A redraw that fails keeps what the first answer gave; a first request that fails is reported.
        if (attempt === 2) return kept;
        this.logger.warn(
          `${capitalise(job.label)} was not drawn: ${error instanceof Error ? error.message : String(error)}`,
        );
        throw error;
      }
      const cut = answer.finishReason === 'length' || answer.finishReason === 'cut';
      const readings = readDrawings(answer.text, count, job.frame);
      const problems: string[] = [];
      readings.forEach((reading, index) => {
        if ('svg' in reading) {
          kept[index] ??= reading.svg;
          if (reading.removed.length > 0) {
            this.logger.warn(`Removed from ${job.label}: ${reading.removed.slice(0, 8).join(', ')}`);
          }
        } else if (kept[index] === undefined) {
          problems.push(
            count === 1 ? reading.problems.join('; ') : `panel ${job.panels?.[index]}: ${reading.problems.join('; ')}`,
          );
        }
      });
      if (problems.length === 0) return kept;
      this.logger.warn(
        `${capitalise(job.label)} could not be used (attempt ${attempt}): ${problems.slice(0, 4).join('; ')}`,
      );
      if (attempt === 1) {
        await call.notify(`${capitalise(job.label)}: the drawing could not be used (${problems[0]}); asking again`);
      }
      messages = redrawMessages(job, maxTokens, problems, cut);
    }
    return kept;
  }
}

/** The answer's drawings, one per expected picture, in order: a missing one is read as an empty answer. */
function readDrawings(text: string, count: number, frame: DrawingFrame): DrawingReading[] {
  if (count === 1) return [cleanDrawing(text, frame)];
  const pieces = text.split(/(?=<svg[\s>/])/).filter((piece) => /<svg[\s>/]/.test(piece.slice(0, 6)));
  return Array.from({ length: count }, (_, index) => {
    const piece = pieces[index];
    return piece === undefined
      ? { problems: [`the answer holds ${pieces.length} <svg> elements, not ${count}`] }
      : cleanDrawing(piece, frame);
  });
}

function image(id: string, svg: string, job: PictureJob, panel: number | undefined): BookImage {
  return {
    id,
    mediaType: 'image/svg+xml',
    data: Buffer.from(svg, 'utf8').toString('base64'),
    alt: panel === undefined ? job.alt : (job.panelAlts?.[job.panels?.indexOf(panel) ?? -1] ?? job.alt),
    width: job.frame.width,
    height: job.frame.height,
    drawnBy: 'model',
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
