/**
 * The book's illustrations as files of the EPUB package. Only images a page
 * actually shows go into the manifest, and an image whose bytes cannot be a
 * valid EPUB resource is left out (callers still print its caption and alt
 * text), so one broken illustration never makes the whole file invalid.
 */
import type { BookImage } from '../../../book/book-document';

export type EpubImageMediaType = BookImage['mediaType'];

export interface EpubImage {
  /** Manifest item id, an XML NCName. */
  manifestId: string;
  /** Path relative to the package document (and to the XHTML pages beside it). */
  href: string;
  mediaType: EpubImageMediaType;
  data: Buffer;
  alt: string;
  width?: number;
  height?: number;
}

const EXTENSIONS: Record<EpubImageMediaType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

// epubcheck rejects an SVG that loads anything from outside the package
// (RSC-006: an http(s) or protocol-relative href, a CSS url() or @import) or
// carries scripts or event handlers (OPF-014: needs a `scripted` declaration).
// The former would also be a tracking request when the book is opened, the
// latter never runs from <img> anyway. `data:` URLs and in-document `#ids` are fine.
const SVG_EXTERNAL_OR_SCRIPTED =
  /<script\b|\son[a-z]+\s*=\s*["']|(?:href|src)\s*=\s*["']\s*(?!data:)(?:[a-z][a-z0-9+.-]*:|\/\/)|url\(\s*["']?\s*(?!data:)(?:[a-z][a-z0-9+.-]*:|\/\/)|@import/i;

/**
 * The media type the bytes really are. Reading systems and epubcheck go by
 * the bytes, so a PNG declared as JPEG is stored as what it is; anything that
 * is none of the three core image types is refused.
 */
function sniffImageType(data: Buffer): EpubImageMediaType | undefined {
  if (data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (data.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  const text = data.toString('utf8');
  // Not UTF-8, or cut off before its end (a model hitting its output limit): an XML parse error in the package.
  if (!/<svg[\s>]/.test(text) || text.includes('\uFFFD') || !/<\/svg>\s*$/.test(text)) {
    return undefined;
  }
  return SVG_EXTERNAL_OR_SCRIPTED.test(text) ? undefined : 'image/svg+xml';
}

function decodeBase64(data: string): Buffer | undefined {
  const compact = data.replace(/\s+/g, '');
  if (compact.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, 'base64');
}

function positiveInteger(value: number): number | undefined {
  return Number.isFinite(value) && value >= 1 ? Math.round(value) : undefined;
}

/** Resolves image ids to package files and remembers which ones the pages used. */
export class EpubImages {
  private readonly byId = new Map<string, BookImage>();
  private readonly prepared = new Map<string, EpubImage | undefined>();
  private readonly usedFileNames = new Set<string>();

  constructor(images: readonly BookImage[]) {
    // First one wins: ids are unique by contract, and this keeps the choice stable.
    for (const image of images) if (!this.byId.has(image.id)) this.byId.set(image.id, image);
  }

  /** The package file for this image id, or undefined when it is missing or unusable. */
  use(id: string | undefined): EpubImage | undefined {
    if (id === undefined) return undefined;
    if (!this.prepared.has(id)) {
      const image = this.byId.get(id);
      this.prepared.set(id, image ? this.prepare(image) : undefined);
    }
    return this.prepared.get(id);
  }

  /** Every image handed out by `use`, in first-use order: exactly the ones the manifest must list. */
  used(): EpubImage[] {
    return [...this.prepared.values()].filter((image): image is EpubImage => image !== undefined);
  }

  private prepare(image: BookImage): EpubImage | undefined {
    const data = decodeBase64(image.data);
    const mediaType = data ? sniffImageType(data) : undefined;
    if (!data || !mediaType) return undefined;
    const number = this.usedFileNames.size + 1;
    // The document's id when it is a plain token (readable inside the zip), else a positional name;
    // names are compared case-insensitively because the zip may be unpacked on such a file system.
    const base = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(image.id) ? image.id : `image-${number}`;
    let fileName = `${base}.${EXTENSIONS[mediaType]}`;
    for (let suffix = 2; this.usedFileNames.has(fileName.toLowerCase()); suffix += 1) {
      fileName = `${base}-${suffix}.${EXTENSIONS[mediaType]}`;
    }
    this.usedFileNames.add(fileName.toLowerCase());
    return {
      manifestId: `image-${number}`,
      href: `images/${fileName}`,
      mediaType,
      data,
      alt: image.alt,
      width: positiveInteger(image.width),
      height: positiveInteger(image.height),
    };
  }
}
