import { crc32, inflateSync } from 'node:zlib';
import type { BookImage } from '../../../book/book-document';
import { primaryLanguage } from '../../../book/language-tag';
import { characterNamed, type BookPlan, type PlannedSection } from '../pipeline/steps/book-plan';
import { NO_SHEET, type VisualSheet } from './visual-sheet.step';

/** Every image model of the images endpoint accepts this size (dall-e-2, dall-e-3, gpt-image-1). */
export const IMAGE_SIZE = '1024x1024';
/** dall-e-2's prompt limit, the smallest of the image models. */
const PROMPT_LIMIT = 1000;

const ART_DIRECTION: Record<BookPlan['type'], string> = {
  manga: 'Black-and-white manga ink art with screentones.',
  comic: 'Bold, full-colour comic book art with clean ink lines.',
  childrens: 'Warm, gentle picture-book watercolour for young children.',
  novel: 'Painterly book illustration.',
  short_story: 'Painterly book illustration.',
  textbook: 'Clear, friendly educational illustration.',
  self_help: 'Calm, uplifting editorial illustration.',
  non_fiction: 'Detailed editorial illustration.',
};

/**
 * The cover: the book's hero in its main setting, so that it shows what the
 * book is about, not a mood. A story's cover shows how it begins (its first
 * section), never the synopsis, which tells the ending: a cover that paints
 * the culprit at work spoils the book before page one.
 */
export function coverPrompt(plan: BookPlan, sheet: VisualSheet = NO_SHEET): string {
  return clip(
    `Cover illustration for "${plan.title}", a ${plan.type.replace(/_/g, ' ')} in the ${plan.style.replace(/_/g, ' ')} style. ` +
      coverScene(plan, sheet),
    artDirection(plan),
  );
}

/**
 * What the cover shows, in words: the hero in the main place (as the visual
 * sheet has them look, else as the bible describes them), as the story
 * begins; a subject book's cover, what the book is about. An SVG drawing's
 * request gives the looks apart (`sceneLines`), so it asks without a sheet.
 */
export function coverScene(plan: BookPlan, sheet: VisualSheet = NO_SHEET): string {
  const story = plan.bible.kind === 'story' ? plan.bible : undefined;
  const hero = story?.characters[0];
  const place = story?.places[0];
  const scene = [
    hero ? `It shows ${hero.name} (${lookOf(sheet.characters, hero.name) ?? hero.description})` : '',
    place
      ? `${hero ? ' in' : 'It shows'} ${place.name} (${lookOf(sheet.places, place.name) ?? place.description})`
      : '',
  ].join('');
  const about = (story && plan.sections[0]?.summary) || plan.synopsis;
  return `${scene ? `${scene}. ` : ''}${about}`;
}

function lookOf(entries: VisualSheet['characters'], name: string): string | undefined {
  return entries.find((entry) => entry.name === name)?.look;
}

/**
 * A section's picture, from its outline: what happens (what the writer said
 * the picture shows, in picture books; else the section's first beat and its
 * summary), where (the setting, described as the bible describes it) and who
 * (the characters present, described, which keeps them recognisable from one
 * picture to the next).
 */
export function sectionImagePrompt(
  plan: BookPlan,
  section: PlannedSection,
  illustration?: string,
  sheet: VisualSheet = NO_SHEET,
): string {
  const story = plan.bible.kind === 'story' ? plan.bible : undefined;
  // The outline lists people as the writer will call them ("Mara"), the bible by full name (Mara Quill).
  const listed = story ? section.present.map((name) => characterNamed(story, name)) : [];
  const present = (story?.characters ?? []).filter(
    (character) => listed.includes(character) || section.summary.includes(character.name),
  );
  const setting = section.setting?.trim();
  const place = setting ? story?.places.find((candidate) => setting.includes(candidate.name)) : undefined;
  const happens = illustration ?? [section.beats[0], section.summary].filter(Boolean).join(' ');
  const where = setting
    ? ` Where: ${setting}${place ? ` (${lookOf(sheet.places, place.name) ?? place.description})` : ''}.`
    : '';
  const cast =
    present.length > 0
      ? ` Characters: ${present.map((c) => `${c.name} (${lookOf(sheet.characters, c.name) ?? c.description})`).join('; ')}.`
      : '';
  return clip(
    `Illustration for "${plan.title}" (${plan.style.replace(/_/g, ' ')}): ${happens}${where}${cast}`,
    artDirection(plan),
  );
}

/** The cover's alt text: the title, and the hero where the book begins, as the cover prompt asks them painted. */
export function coverAlt(plan: BookPlan): string {
  const story = plan.bible.kind === 'story' ? plan.bible : undefined;
  const hero = story?.characters[0]?.name;
  const place = story?.places[0]?.name;
  // Alt text is read in the book's language: another language's book gets the names alone, no English around them.
  if (primaryLanguage(plan.language) !== 'en') {
    return [plan.title, [hero, place].filter(Boolean).join(', ')].filter(Boolean).join(': ').slice(0, 300);
  }
  const shows = [hero, place].filter(Boolean).join(' in ');
  return (shows ? `Cover of ${plan.title}: ${shows}` : `Cover of ${plan.title}`).slice(0, 300);
}

/** A picture's alt text: the scene it shows, and where, for readers who cannot see it. */
export function sectionImageAlt(section: PlannedSection, illustration?: string): string {
  const scene = illustration ?? section.beats[0] ?? section.summary;
  const setting = section.setting?.trim();
  return (setting && !scene.includes(setting) ? `${scene} (${setting})` : scene).slice(0, 300);
}

/**
 * A section's scene in words, for an illustrator that reads them (the
 * builtin one, when no image model is configured): the setting first, as it
 * draws the land it reads first; then what happens; then who is there.
 */
export function sectionScene(section: PlannedSection, illustration?: string): string {
  return [section.setting, sectionImageAlt(section, illustration), ...section.present].filter(Boolean).join('. ');
}

/** gpt-image models always answer in base64 and reject the `response_format` parameter. */
export function acceptsResponseFormat(imageModel: string): boolean {
  return !/^gpt-image/i.test(imageModel);
}

/** How every picture of the book is drawn, and without lettering: the end of every prompt, never clipped. */
function artDirection(plan: BookPlan): string {
  return `${ART_DIRECTION[plan.type]} No text, letters or logos.`;
}

/**
 * The scene and the art direction within the model's limit: the scene is
 * cut (at a word) to make room, never the art direction, which holds the
 * style and "no text" that every picture of the book must keep.
 */
function clip(scene: string, direction: string): string {
  const room = PROMPT_LIMIT - direction.length - 1;
  if (scene.length <= room) return `${scene} ${direction}`;
  const cut = scene.slice(0, room - 1);
  // At the last word break, unless the scene is one long run of letters.
  const space = cut.lastIndexOf(' ');
  return `${(space > room / 2 ? cut.slice(0, space) : cut).trimEnd()}… ${direction}`;
}

/**
 * Media type and size read from the bytes themselves: servers differ in what
 * they return (PNG from OpenAI, JPEG from some local servers), whatever was asked.
 */
export function describeImage(base64: string): Pick<BookImage, 'mediaType' | 'width' | 'height'> | undefined {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) {
    const size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    return size.width > 0 && size.height > 0 && pngDecodes(bytes) ? { mediaType: 'image/png', ...size } : undefined;
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    const size = jpegSize(bytes);
    return size && size.width > 0 && size.height > 0 && jpegComplete(bytes)
      ? { mediaType: 'image/jpeg', ...size }
      : undefined;
  }
  return undefined;
}

/** Channels of each PNG colour type (greyscale, RGB, palette, grey + alpha, RGBA). */
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Whether a PNG decodes: every chunk whole with its CRC right, IHDR first and
 * IEND last, and the image data inflating to the rows its header promises. A
 * picture cut short in transit passes a header check and prints as a hole.
 */
function pngDecodes(bytes: Buffer): boolean {
  const data: Buffer[] = [];
  let offset = 8;
  let header: { width: number; height: number; depth: number; channels: number; interlaced: boolean } | undefined;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) return false;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length))
      return false;
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (header === undefined && type !== 'IHDR') return false;
    if (type === 'IHDR') {
      const channels = PNG_CHANNELS[body[9] ?? -1];
      if (channels === undefined || length < 13) return false;
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8] ?? 8,
        channels,
        interlaced: body[12] === 1,
      };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') {
      if (!header || data.length === 0) return false;
      try {
        const pixels = inflateSync(Buffer.concat(data));
        // Each row: a filter byte, then its samples; Adam7 passes add filter bytes of their own, so they hold at least this.
        const row = Math.ceil((header.width * header.channels * header.depth) / 8);
        return header.interlaced ? pixels.length >= row * header.height : pixels.length === (row + 1) * header.height;
      } catch {
        return false;
      }
    }
    offset = end;
  }
  return false;
}

/** Whether a JPEG holds its image data (a start-of-scan segment) and ends as a JPEG ends. */
function jpegComplete(bytes: Buffer): boolean {
  return bytes.includes(Buffer.from([0xff, 0xda])) && bytes.readUInt16BE(bytes.length - 2) === 0xffd9;
}

function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0-SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}
