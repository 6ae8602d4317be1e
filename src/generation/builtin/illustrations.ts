import type { BookDocument, BookImage } from '../book-document';
import { Random } from './prng';
import { STYLE_LEXICON, type Motif } from './styles';

const WIDTH = 600;
const HEIGHT = 400;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Shapes of a style's motif, placed by the picture's own random stream so no two pictures are alike. */
function motifShapes(motif: Motif, random: Random, accent: string, light: string): string {
  const parts: string[] = [];
  switch (motif) {
    case 'stars':
      for (let i = 0; i < 40; i += 1)
        parts.push(
          `<circle cx="${random.int(0, WIDTH)}" cy="${random.int(0, 260)}" r="${random.int(1, 3)}" fill="${light}"/>`,
        );
      parts.push(
        `<circle cx="${random.int(80, 520)}" cy="${random.int(80, 200)}" r="${random.int(30, 70)}" fill="${accent}"/>`,
      );
      break;
    case 'moon':
      parts.push(`<circle cx="${random.int(380, 520)}" cy="${random.int(60, 120)}" r="40" fill="${light}"/>`);
      for (let i = 0; i < 5; i += 1) {
        const x = random.int(20, 580);
        parts.push(
          `<path d="M${x} 400 L${x} ${random.int(220, 300)} M${x} 300 l-30 -40 M${x} 290 l25 -45" stroke="${accent}" stroke-width="5" fill="none"/>`,
        );
      }
      break;
    case 'sun':
      parts.push(
        `<circle cx="${random.int(100, 500)}" cy="${random.int(70, 140)}" r="${random.int(40, 60)}" fill="${accent}"/>`,
      );
      break;
    case 'city':
      for (let x = 0; x < WIDTH; x += random.int(40, 70)) {
        const h = random.int(120, 300);
        parts.push(`<rect x="${x}" y="${HEIGHT - h}" width="${random.int(30, 60)}" height="${h}" fill="${accent}"/>`);
        for (let w = 0; w < 3; w += 1)
          parts.push(`<rect x="${x + 8}" y="${HEIGHT - h + 15 + w * 30}" width="8" height="12" fill="${light}"/>`);
      }
      break;
    case 'trees':
      for (let i = 0; i < 7; i += 1) {
        const x = random.int(20, 580);
        const s = random.int(40, 90);
        parts.push(`<polygon points="${x},${330 - s * 2} ${x - s / 2},330 ${x + s / 2},330" fill="${accent}"/>`);
      }
      break;
    case 'waves':
      for (let y = 260; y < HEIGHT; y += 30)
        parts.push(
          `<path d="M0 ${y} Q75 ${y - 20} 150 ${y} T300 ${y} T450 ${y} T600 ${y}" stroke="${light}" stroke-width="4" fill="none"/>`,
        );
      break;
    case 'mountains':
      for (let i = 0; i < 4; i += 1) {
        const x = random.int(-50, 500);
        parts.push(
          `<polygon points="${x},340 ${x + 120},${random.int(90, 200)} ${x + 260},340" fill="${accent}" opacity="0.85"/>`,
        );
      }
      break;
    case 'desert':
      parts.push(`<circle cx="${random.int(100, 500)}" cy="90" r="45" fill="${light}"/>`);
      for (let i = 0; i < 4; i += 1) {
        const x = random.int(30, 570);
        parts.push(
          `<path d="M${x} 340 V${random.int(250, 290)} M${x} 305 h-18 v-20 M${x} 295 h18 v-25" stroke="${accent}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
        );
      }
      break;
    case 'spiral':
      for (let r = 10; r < 180; r += 18)
        parts.push(
          `<circle cx="${300 + random.int(-20, 20)}" cy="${200 + random.int(-20, 20)}" r="${r}" stroke="${r % 36 ? accent : light}" stroke-width="6" fill="none"/>`,
        );
      break;
  }
  return parts.join('');
}

/** A small standalone SVG in the style's palette and motif. */
export function drawPicture(
  id: string,
  alt: string,
  style: BookDocument['metadata']['style'],
  seed: string,
): BookImage {
  const lexicon = STYLE_LEXICON[style];
  const [dark, accent, light] = lexicon.palette;
  const random = new Random(`${seed}\u0000${id}`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<title>${escapeXml(alt)}</title>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${dark}"/>` +
    motifShapes(lexicon.motif, random, accent, light) +
    `<rect y="340" width="${WIDTH}" height="60" fill="${accent}" opacity="0.6"/>` +
    `</svg>`;
  return {
    id,
    mediaType: 'image/svg+xml',
    data: Buffer.from(svg).toString('base64'),
    alt,
    width: WIDTH,
    height: HEIGHT,
  };
}

/** Adds a cover, one picture per chapter and one per comic panel, unless the document has them already. */
export function addBuiltinIllustrations(document: BookDocument, seed: string): BookDocument {
  const style = document.metadata.style;
  const images: BookImage[] = [...document.images];
  const coverImageId = document.coverImageId ?? 'cover';
  if (!document.coverImageId) images.push(drawPicture('cover', `Cover of ${document.metadata.title}`, style, seed));
  const chapters = document.chapters.map((chapter) => {
    const imageId = chapter.imageId ?? `img-${chapter.id}`;
    if (!chapter.imageId) images.push(drawPicture(imageId, `Illustration for ${chapter.title}`, style, seed));
    const blocks = chapter.blocks.map((block) => {
      if (block.kind !== 'panel' || block.imageId) return block;
      const panelId = `img-${chapter.id}-p${block.number}`;
      images.push(drawPicture(panelId, block.description, style, seed));
      return { ...block, imageId: panelId };
    });
    return { ...chapter, imageId, blocks };
  });
  return { ...document, coverImageId, chapters, images };
}
