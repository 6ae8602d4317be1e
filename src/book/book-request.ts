import type { BookStyle, BookType, ModelId, OutputFormat } from '../catalog/catalog';

/**
 * What a client asked for, every default applied: built once from the request
 * body at submission, stored with the job (`book_jobs.parameters`) and handed
 * to the book provider unchanged. The wire names (`custom_tone`,
 * `output_format`) stay in the DTO; nothing else restates this list.
 */
export interface BookRequest {
  /** Empty when the client gave none: the provider invents a premise. */
  prompt: string;
  style: BookStyle;
  type: BookType;
  images: boolean;
  author: string;
  customTone: string;
  model: ModelId;
  outputFormat: OutputFormat;
}
