/**
 * Illustrations in the PDF: SVG drawn as vectors (plain pictures through
 * pdfkit's own operators, `plain-svg.ts`; the rest through svg-to-pdfkit), PNG
 * and JPEG embedded once as image XObjects and reused wherever they appear.
 * An image that cannot be decoded is left out (callers still print its
 * caption), so one broken illustration does not cost the reader the book.
 */
import SVGtoPDF from 'svg-to-pdfkit';
import type { BookImage } from '../../../book/book-document';
import { type FontFace, type HanPreference, faceForText } from './pdf-fonts';
import { type PlainSvg, drawPlainSvg, parsePlainSvg } from './plain-svg';

/** A pdfkit image opened from bytes; pdfkit embeds it on first use. */
interface PdfKitImage {
  readonly width: number;
  readonly height: number;
  /** EXIF orientation of a JPEG; 5-8 swap width and height. */
  readonly orientation?: number;
}

export type PreparedImage =
  | { readonly kind: 'raster'; readonly aspect: number; readonly image: PdfKitImage }
  | {
      readonly kind: 'svg';
      readonly aspect: number;
      readonly svg: string;
      /** The picture in the subset drawn without svg-to-pdfkit, when it is in it. */
      readonly plain: PlainSvg | undefined;
      readonly faces: Readonly<Record<'regular' | 'bold' | 'italic', FontFace>>;
    };

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** The largest size of the given aspect ratio (width / height) inside the box. */
export function fitInto(aspect: number, box: Size): Size {
  const width = Math.min(box.width, box.height * aspect);
  return { width, height: width / aspect };
}

export class ImageLibrary {
  private readonly prepared = new Map<string, PreparedImage | undefined>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly images: ReadonlyMap<string, BookImage>,
    /** Registers a face with the document, so SVG text can select it by name. */
    private readonly fonts: { use(face: FontFace): void },
    private readonly han: HanPreference = 'ja',
  ) {}

  /** The image with this id ready to draw, or undefined when it is missing or undecodable. */
  get(id: string | undefined): PreparedImage | undefined {
    if (id === undefined) return undefined;
    if (!this.prepared.has(id)) {
      const image = this.images.get(id);
      this.prepared.set(id, image ? this.prepare(image) : undefined);
    }
    return this.prepared.get(id);
  }

  /** Draws the image as large as fits in the box, centred in it. */
  draw(image: PreparedImage, x: number, y: number, box: Size): Size {
    const size = fitInto(image.aspect, box);
    const left = x + (box.width - size.width) / 2;
    const top = y + (box.height - size.height) / 2;
    if (image.kind === 'raster') {
      // pdfkit accepts an opened image wherever it takes a source; its types list only sources.
      this.doc.image(image.image as unknown as Buffer, left, top, { width: size.width, height: size.height });
    } else if (image.plain) {
      drawPlainSvg(this.doc, image.plain, left, top, size);
    } else {
      // svg-to-pdfkit selects fonts by name; a face it never writes with is not embedded.
      for (const face of new Set(Object.values(image.faces))) this.fonts.use(face);
      SVGtoPDF(this.doc, image.svg, left, top, {
        width: size.width,
        height: size.height,
        assumePt: true,
        fontCallback: (_family, bold, italic) =>
          bold ? image.faces.bold : italic ? image.faces.italic : image.faces.regular,
        imageCallback: embeddedRasterOnly,
        colorCallback: withHslColors,
        // Unsupported SVG features are skipped and the rest drawn; the warnings would only flood the worker log.
        warningCallback: () => undefined,
      });
    }
    return size;
  }

  private prepare(image: BookImage): PreparedImage | undefined {
    const data = decodeBase64(image.data);
    if (!data) return undefined;
    if (image.mediaType === 'image/svg+xml') {
      const svg = prepareSvg(data.toString('utf8'), image);
      if (!svg) return undefined;
      const text = svgText(svg.svg);
      const faces = {
        regular: faceForText(text, 'regular', this.han),
        bold: faceForText(text, 'bold', this.han),
        italic: faceForText(text, 'italic', this.han),
      };
      return { kind: 'svg', aspect: svg.aspect, svg: svg.svg, plain: parsePlainSvg(svg.svg), faces };
    }
    try {
      const opened = openImage(this.doc, data);
      const swapped = (opened.orientation ?? 1) > 4;
      const width = swapped ? opened.height : opened.width;
      const height = swapped ? opened.width : opened.height;
      if (!(width > 0 && height > 0)) return undefined;
      return { kind: 'raster', aspect: width / height, image: opened };
    } catch {
      return undefined;
    }
  }
}

function openImage(doc: PDFKit.PDFDocument, data: Buffer): PdfKitImage {
  // `openImage` is public pdfkit API (it decodes without drawing) missing from @types/pdfkit.
  return (doc as unknown as { openImage(source: Buffer): PdfKitImage }).openImage(data);
}

function decodeBase64(data: string): Buffer | undefined {
  const compact = data.replace(/\s+/g, '');
  if (compact.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, 'base64');
}

/**
 * svg-to-pdfkit hands `<image href>` to pdfkit, which reads any string that is
 * not a data URI from disk: an illustration could embed a server file. Only
 * inline PNG and JPEG pass; anything else becomes an empty image, which pdfkit
 * rejects and the SVG draws without.
 */
export function embeddedRasterOnly(link: string): string {
  const compact = link.replace(/\s+/g, '');
  return /^data:image\/(png|jpe?g);base64,[A-Za-z0-9+/]*={0,2}$/i.test(compact) ? compact : 'data:image/png;base64,';
}

type SvgColor = SVGtoPDF.SvgColor;

/** svg-to-pdfkit parses named, hex and rgb() colors; this adds hsl()/hsla(), which would otherwise draw black. */
export function withHslColors(parsed: SvgColor | undefined, raw?: string): SvgColor | undefined {
  if (parsed || raw === undefined) return parsed;
  const match =
    /^hsla?\(\s*(-?[\d.]+)(?:deg)?\s*[,\s]\s*([\d.]+)%\s*[,\s]\s*([\d.]+)%\s*(?:[,/]\s*([\d.]+)(%?)\s*)?\)$/i.exec(
      raw.trim(),
    );
  if (!match) return undefined;
  const hue = (((Number(match[1]) % 360) + 360) % 360) / 360;
  const saturation = Math.min(Number(match[2]) / 100, 1);
  const lightness = Math.min(Number(match[3]) / 100, 1);
  const alphaValue = match[4] === undefined ? 1 : Number(match[4]) / (match[5] ? 100 : 1);
  if (![hue, saturation, lightness, alphaValue].every(Number.isFinite)) return undefined;
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (offset: number): number => {
    let t = hue + offset;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    const value = t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p;
    return Math.round(value * 255);
  };
  return [[channel(1 / 3), channel(0), channel(-1 / 3)], Math.min(Math.max(alphaValue, 0), 1)];
}

const ROOT_TAG = /<svg\b(?:[^>"']|"[^"]*"|'[^']*')*>/i;

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** A length in user units (plain or `px`); percentages and absolute units give no intrinsic size. */
function userUnits(value: string | undefined): number | undefined {
  const match = value === undefined ? null : /^\s*([\d.]+)\s*(px)?\s*$/i.exec(value);
  const number = match ? Number(match[1]) : NaN;
  return number > 0 && Number.isFinite(number) ? number : undefined;
}

/**
 * The SVG made to scale into any box: svg-to-pdfkit draws the root at its own
 * width/height, so those become 100% of the viewport we give it, and a root
 * without a viewBox gets one from its size (or the document's stated size) so
 * the drawing scales instead of being cropped. Undefined for non-SVG data.
 */
export function prepareSvg(source: string, stated: Size): { svg: string; aspect: number } | undefined {
  const match = ROOT_TAG.exec(source);
  if (!match) return undefined;
  const tag = match[0];
  const viewBox = attribute(tag, 'viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  let box: Size | undefined;
  let addedViewBox = '';
  if (viewBox?.length === 4 && viewBox.every(Number.isFinite) && (viewBox[2] ?? 0) > 0 && (viewBox[3] ?? 0) > 0) {
    box = { width: viewBox[2] ?? 0, height: viewBox[3] ?? 0 };
  } else {
    const width = userUnits(attribute(tag, 'width')) ?? (stated.width > 0 ? stated.width : undefined);
    const height = userUnits(attribute(tag, 'height')) ?? (stated.height > 0 ? stated.height : undefined);
    if (width === undefined || height === undefined || !Number.isFinite(width) || !Number.isFinite(height)) {
      return undefined;
    }
    box = { width, height };
    addedViewBox = ` viewBox="0 0 ${width} ${height}"`;
  }
  const stripped = tag
    .replace(/\s(?:width|height|viewBox)\s*=\s*(?:"[^"]*"|'[^']*')/gi, (found) =>
      /^\sviewBox/i.test(found) && !addedViewBox ? found : '',
    )
    .replace(/^<svg\b/i, `<svg width="100%" height="100%"${addedViewBox}`);
  return {
    svg: source.slice(0, match.index) + stripped + source.slice(match.index + tag.length),
    aspect: box.width / box.height,
  };
}

/** Roughly the characters an SVG's `<text>` draws, to pick a face that has their glyphs. */
function svgText(svg: string): string {
  return svg
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_match, hex: string) => safeFromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_match, decimal: string) => safeFromCodePoint(parseInt(decimal, 10)));
}

function safeFromCodePoint(codePoint: number): string {
  return codePoint >= 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : ' ';
}
