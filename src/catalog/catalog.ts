/**
 * The single source of every option value and price. Request validation,
 * GET /configuration, GET /models, pricing and the OpenAPI enums all read
 * from here; nothing else may keep a copy of these lists.
 */

export const BOOK_STYLES = [
  'automatic',
  'action',
  'horror',
  'history',
  'sci_fi',
  'superhero',
  'mystery',
  'drama',
  'romance',
  'fantasy',
  'adventure',
  'crime',
  'western',
  'comedy',
  'epic',
  'thriller',
  'mythology',
  'folklore',
  'fable',
  'fairy_tale',
  'legend',
  'psychological',
  'suspense',
  'noir',
  'paranormal',
  'dystopian',
  'post_apocalyptic',
  'cyberpunk',
  'alternate_history',
  'gothic',
  'tragedy',
  'surrealism',
] as const;
export type BookStyle = (typeof BOOK_STYLES)[number];

export const BOOK_TYPES = [
  'automatic',
  'novel',
  'comic',
  'non_fiction',
  'manga',
  'textbook',
  'childrens',
  'self_help',
  'short_story',
] as const;
export type BookType = (typeof BOOK_TYPES)[number];

export const OUTPUT_FORMATS = ['txt', 'pdf', 'epub', 'md', 'html', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const MODEL_IDS = ['2.0', '3.0'] as const;
export type ModelId = (typeof MODEL_IDS)[number];

export interface ModelDescriptor {
  id: ModelId;
  name: string;
  description: string;
  cost_per_book: number;
}

export const MODELS: readonly ModelDescriptor[] = [
  {
    id: '2.0',
    name: 'Scriptorium 2.0',
    description: 'Fast, well-structured books of moderate length.',
    cost_per_book: 250,
  },
  {
    id: '3.0',
    name: 'Scriptorium 3.0',
    description: 'Longer, richer books: more chapters, longer chapters, deeper characters.',
    cost_per_book: 500,
  },
];

export const DEFAULT_STYLE: BookStyle = 'automatic';
export const DEFAULT_TYPE: BookType = 'automatic';
export const DEFAULT_MODEL: ModelId = '2.0';
export const DEFAULT_OUTPUT_FORMAT: OutputFormat = 'txt';
export const SERVICE_NAME = 'Scriptorium';

/** Enabling `images` adds half the base price (spec 8, rule 4). */
export const IMAGES_SURCHARGE_RATIO = 0.5;

export const FIELD_MAX_LENGTHS = {
  prompt: 20_000,
  custom_tone: 2_000,
  author: 200,
  webhook_url: 2_048,
} as const;

export function findModel(id: ModelId): ModelDescriptor {
  const model = MODELS.find((candidate) => candidate.id === id);
  if (!model) {
    throw new Error(`Unknown model id ${id}`);
  }
  return model;
}

/** Credits reserved when a request is accepted: the model base, times 1.5 with images. */
export function estimateCost(model: ModelId, images: boolean): number {
  const base = findModel(model).cost_per_book;
  return images ? Math.round(base * (1 + IMAGES_SURCHARGE_RATIO)) : base;
}

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
};
