import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import pixelmatch from 'pixelmatch';
import SVGtoPDF from 'svg-to-pdfkit';
import { drawPicture, type PictureKind } from '../../../generation/builtin/illustrations';
import type { ConcreteStyle } from '../../../generation/builtin/lexicon/style-lexicon';
import { STYLE_LEXICONS } from '../../../generation/builtin/lexicon/style-lexicons';
import { prepareSvg } from './pdf-images';
import { drawPlainSvg, parsePlainSvg } from './plain-svg';

/**
 * The plain-SVG path draws what svg-to-pdfkit draws: every picture the
 * builtin writer makes (each style, and each kind) and a picture using every
 * feature of the subset, drawn both ways, rendered to PNG by pdftoppm and
 * compared pixel by pixel.
 */
const run = promisify(execFile);
const STYLES = Object.keys(STYLE_LEXICONS) as ConcreteStyle[];
const KINDS: PictureKind[] = ['cover', 'chapter', 'panel'];
const PAGE = { width: 330, height: 230 };
const BOX = { x: 15, y: 15, width: 300, height: 200 };
/** Share of a page's pixels that may differ: curves flattened a little differently at their anti-aliased edges. */
const TOLERANCE = 0.002;
const DPI = 60;

/** Every feature the subset reads, in one 300 x 200 picture. */
const FEATURES = `<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%" viewBox="-10 -10 320 220">
<title>Features &amp; edges</title>
<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0.1" stop-color="#123"/><stop offset="60%" stop-color="#5577aa" stop-opacity="0.7"/><stop offset="0.9" stop-color="#fed"/></linearGradient>
  <radialGradient id="sun" fx="0.25" fy="0.25"><stop offset="0" stop-color="#fff8dd"/><stop offset="1" stop-color="#ffaa00" stop-opacity="0"/></radialGradient>
  <radialGradient id="far" cx="0.3" cy="0.6" r="0.4" fx="0.95" fy="0.95"><stop offset="0" stop-color="#0f0"/><stop offset="1" stop-color="#00f"/></radialGradient>
  <linearGradient id="flat"><stop offset="0.5" stop-color="#c0c" stop-opacity="0.6"/></linearGradient>
</defs>
<rect x="-10" y="-10" width="320" height="220" fill="url(#sky)"/>
<circle cx="240" cy="50" r="40" fill="url(#sun)"/>
<ellipse cx="70" cy="150" rx="60" ry="30" fill="url(#far)" stroke="#222" stroke-width="3"/>
<rect x="140" y="120" width="40" height="40" fill="url(#flat)" transform="rotate(20 160 140)"/>
<g fill="#335" stroke="#eee" stroke-width="4" stroke-linejoin="round" stroke-linecap="round" transform="translate(10 0) scale(1.1 0.9)">
  <path d="M20 20 L80 20 L50 70 Z M40 30 L60 30 L50 50 Z" fill-rule="evenodd"/>
  <path d="M100 20 Q130 -10 160 20 T220 20" fill="none" stroke-opacity="0.6"/>
  <path d="M100 60 C120 30 150 90 170 60 S210 40 230 70" fill="none" stroke="#f80" stroke-linecap="square" stroke-linejoin="bevel"/>
  <path d="M250 90 A30 20 30 1 0 290 110 a10 10 0 0 1 -20 20 h-10 v-10 H250 V90 z" fill-opacity="0.5" opacity="0.8"/>
  <g stroke="none" transform="skewX(15) matrix(1 0 0 1 -20 5)"><rect x="200" y="150" width="30" height="20"/></g>
</g>
<path d="M0 200 L300 200 L150 190 Z" stroke="#a00" stroke-width="6" stroke-miterlimit="1" fill="none"/>
<circle cx="290" cy="190" r="25" fill="#0a0"/>
</svg>`;

type Draw = (doc: PDFKit.PDFDocument, svg: string) => void;

const throughSvgToPdfkit: Draw = (doc, svg) =>
  SVGtoPDF(doc, svg, BOX.x, BOX.y, { width: BOX.width, height: BOX.height, assumePt: true });

const throughPlainPath: Draw = (doc, svg) => {
  const plain = parsePlainSvg(svg);
  if (!plain) throw new Error('not a plain SVG');
  drawPlainSvg(doc, plain, BOX.x, BOX.y, BOX);
};

interface Raster {
  readonly width: number;
  readonly height: number;
  /** RGBA, as pixelmatch reads it. */
  readonly data: Buffer;
}

/** Each picture on a page of its own, drawn one way, as RGBA pages (pdftoppm's PPM: no PNG to decode). */
async function pages(svgs: readonly string[], draw: Draw, directory: string, name: string): Promise<Raster[]> {
  const doc = new PDFDocument({ size: [PAGE.width, PAGE.height], margin: 0, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  for (const svg of svgs) {
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    draw(doc, svg);
  }
  doc.end();
  await ended;
  const pdf = join(directory, `${name}.pdf`);
  await writeFile(pdf, Buffer.concat(chunks));
  await run('pdftoppm', ['-r', String(DPI), pdf, join(directory, name)]);
  const files = (await readdir(directory))
    .filter((file) => file.startsWith(`${name}-`) && file.endsWith('.ppm'))
    .sort();
  return Promise.all(files.map(async (file) => rgba(await readFile(join(directory, file)))));
}

/** A binary PPM (P6, 8 bits a channel) as RGBA. */
function rgba(ppm: Buffer): Raster {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not an 8-bit binary PPM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = ppm.subarray(header[0].length);
  const data = Buffer.alloc(width * height * 4, 255);
  for (let index = 0; index < width * height; index += 1) pixels.copy(data, index * 4, index * 3, index * 3 + 3);
  return { width, height, data };
}

function whiteShare(png: Raster): number {
  let white = 0;
  for (let index = 0; index < png.data.length; index += 4) {
    if (png.data[index] === 255 && png.data[index + 1] === 255 && png.data[index + 2] === 255) white += 1;
  }
  return white / (png.width * png.height);
}

describe('plain SVG against svg-to-pdfkit', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'plain-svg-'));
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('draws every builtin picture and a picture of every feature as svg-to-pdfkit does', async () => {
    // Each style once, the kinds in turn, so every style's scene and every kind's framing is drawn.
    const pictures = STYLES.map((style, index) => {
      const kind = KINDS[index % KINDS.length] ?? 'chapter';
      const image = drawPicture({ id: `img-${style}-${kind}`, alt: 'A picture', style, seed: 'visual', kind });
      return {
        name: `${style} ${kind}`,
        svg: prepareSvg(Buffer.from(image.data, 'base64').toString('utf8'), image)?.svg,
      };
    });
    const all = [...pictures, { name: 'features', svg: FEATURES }].map(({ name, svg }) => {
      if (svg === undefined) throw new Error(`${name}: not an SVG`);
      return { name, svg };
    });
    const svgs = all.map((each) => each.svg);
    const [expected, actual] = await Promise.all([
      pages(svgs, throughSvgToPdfkit, directory, 'reference'),
      pages(svgs, throughPlainPath, directory, 'plain'),
    ]);
    expect(actual).toHaveLength(all.length);
    const differing = all.map(({ name }, index) => {
      const reference = expected[index];
      const drawn = actual[index];
      if (!reference || !drawn) throw new Error(`${name}: page missing`);
      const pixels = pixelmatch(reference.data, drawn.data, null, reference.width, reference.height, {
        threshold: 0.1,
      });
      return { name, share: pixels / (reference.width * reference.height) };
    });
    expect(differing.filter(({ share }) => share > TOLERANCE)).toEqual([]);
    // Not a comparison of two blank pages: the feature picture covers most of its page with colour.
    const features = actual[actual.length - 1];
    expect(features && whiteShare(features)).toBeLessThan(0.3);
  });
});
