import PDFDocument from 'pdfkit';
import { drawPicture, type PictureKind } from '../../../generation/builtin/illustrations';
import type { ConcreteStyle } from '../../../generation/builtin/lexicon/style-lexicon';
import { STYLE_LEXICONS } from '../../../generation/builtin/lexicon/style-lexicons';
import { prepareSvg } from './pdf-images';
import { drawPlainSvg, parsePlainSvg, parseTransform } from './plain-svg';

const STYLES = Object.keys(STYLE_LEXICONS) as ConcreteStyle[];
const KINDS: PictureKind[] = ['cover', 'chapter', 'panel'];

/** An SVG as the PDF renderer hands it over: the root sized 100% with a viewBox. */
const svg = (body: string, rootAttributes = ''): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%" viewBox="0 0 100 50"${rootAttributes}>${body}</svg>`;

/** The content stream an uncompressed pdfkit document writes for the picture drawn in a 200 x 100 box. */
async function contentOf(source: string): Promise<string> {
  const plain = parsePlainSvg(source);
  if (!plain) throw new Error('not a plain SVG');
  const doc = new PDFDocument({ compress: false, size: [300, 200], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  drawPlainSvg(doc, plain, 10, 20, { width: 200, height: 100 });
  doc.end();
  await ended;
  return Buffer.concat(chunks).toString('latin1');
}

describe('parsePlainSvg', () => {
  it('takes every picture the builtin writer draws, in every style and kind, so none of them costs svg-to-pdfkit', () => {
    for (const style of STYLES) {
      for (const kind of KINDS) {
        for (const seed of ['a', 'b', 'c']) {
          const image = drawPicture({ id: `img-${kind}`, alt: 'A picture', style, seed, kind, cast: ['Mara', 'Ivo'] });
          const prepared = prepareSvg(Buffer.from(image.data, 'base64').toString('utf8'), image);
          expect({ style, kind, seed, plain: prepared && parsePlainSvg(prepared.svg) !== undefined }).toEqual({
            style,
            kind,
            seed,
            plain: true,
          });
        }
      }
    }
  });

  it('reads shapes, groups, inherited paint and gradients', () => {
    const plain = parsePlainSvg(
      svg(
        '<title>A lamp &amp; a door</title><defs><radialGradient id="glow" fx="0.3" fy="40%">' +
          '<stop offset="0" stop-color="#FC0" stop-opacity="0.8"/><stop offset="1" stop-color="#ffcc00" stop-opacity="0"/>' +
          '</radialGradient></defs><g fill="#123456" stroke="#000" stroke-width="2" transform="translate(5 5)">' +
          '<rect width="10" height="4"/><circle cx="3" cy="3" r="2" fill="url(#glow)"/></g>',
      ),
    );
    expect(plain?.viewBox).toEqual([0, 0, 100, 50]);
    expect(plain?.gradients.get('glow')).toEqual({
      kind: 'radial',
      cx: 0.5,
      cy: 0.5,
      r: 0.5,
      fx: 0.3,
      fy: 0.4,
      stops: [
        { offset: 0, colour: '#ffcc00', opacity: 0.8 },
        { offset: 1, colour: '#ffcc00', opacity: 0 },
      ],
    });
    const [group] = plain?.children ?? [];
    expect(group).toMatchObject({ kind: 'group', transform: [1, 0, 0, 1, 5, 5] });
    expect(group?.kind === 'group' && group.children).toEqual([
      expect.objectContaining({
        geometry: { ops: '0 0 10 4 re', box: [0, 0, 10, 4] },
        style: expect.objectContaining({ fill: { colour: '#123456' }, stroke: { colour: '#000000' }, strokeWidth: 2 }),
      }),
      expect.objectContaining({
        geometry: { ops: expect.stringMatching(/^1 3 m( [\d. ]+ c){4} h$/), box: [1, 1, 5, 5] },
        style: expect.objectContaining({ fill: { gradient: 'glow' }, stroke: { colour: '#000000' } }),
      }),
    ]);
  });

  it.each([
    ['text, which needs fonts', svg('<text x="1" y="9">Hi</text>')],
    ['a style attribute', svg('<rect width="5" height="5" style="fill:red"/>')],
    ['a CSS class', svg('<rect width="5" height="5" class="sky"/>')],
    ['group opacity, which needs a transparency group', svg('<g opacity="0.5"><rect width="5" height="5"/></g>')],
    ['clipping', svg('<rect width="5" height="5" clip-path="url(#c)"/>')],
    ['use', svg('<use href="#a"/>')],
    ['a polygon', svg('<polygon points="0,0 5,0 5,5"/>')],
    ['a named colour', svg('<rect width="5" height="5" fill="red"/>')],
    ['an hsl() colour', svg('<rect width="5" height="5" fill="hsl(20, 50%, 50%)"/>')],
    ['an entity in a value', svg('<rect width="5" height="5" fill="&#35;fff"/>')],
    ['a DOCTYPE', `<!DOCTYPE svg [<!ENTITY a "b">]>${svg('')}`],
    ['CDATA', svg('<title><![CDATA[x]]></title>')],
    ['a gradient on a path', svg('<defs><linearGradient id="g"/></defs><path d="M0 0H5V5Z" fill="url(#g)"/>')],
    ['a gradient stroke', svg('<defs><linearGradient id="g"/></defs><rect width="5" height="5" stroke="url(#g)"/>')],
    [
      'user-space gradient units',
      svg(
        '<defs><linearGradient id="g" gradientUnits="userSpaceOnUse"/></defs><rect width="5" height="5" fill="url(#g)"/>',
      ),
    ],
    ['a gradient that is never defined', svg('<rect width="5" height="5" fill="url(#missing)"/>')],
    ['a length with a unit', svg('<rect width="5mm" height="5"/>')],
    ['a percentage length', svg('<rect width="50%" height="5"/>')],
    ['a rounded rectangle', svg('<rect width="5" height="5" rx="1"/>')],
    ['a malformed transform', svg('<rect width="5" height="5" transform="translate(1 2) wobble(3)"/>')],
    ['text outside a title', svg('loose words')],
    ['an unclosed element', '<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%" viewBox="0 0 9 9"><g>'],
    ['a repeated attribute', svg('<rect width="5" width="6" height="5"/>')],
    ['a root without a viewBox', '<svg width="100%" height="100%"><rect width="5" height="5"/></svg>'],
    ['a root with a size of its own', svg('', ' x="3"')],
    ['a number too large to draw', svg('<rect width="1e400" height="5"/>')],
  ])('leaves %s to svg-to-pdfkit', (_feature, source) => {
    expect(parsePlainSvg(source)).toBeUndefined();
  });

  it('draws path data up to its first error, as SVG does', () => {
    const plain = parsePlainSvg(svg('<path d="M0 0 L5 5 javascript"/><path d="L1 1"/>'));
    expect(plain?.children.map((node) => node.kind === 'shape' && node.geometry.ops)).toEqual(['0 0 m 5 5 l', '']);
  });

  it('accepts an XML declaration and comments', () => {
    expect(parsePlainSvg(`<?xml version="1.0"?><!-- art -->${svg('<!-- sun --><circle r="3"/>')}`)).toBeDefined();
  });
});

describe('parseTransform', () => {
  const rounded = (matrix: readonly number[] | undefined): number[] | undefined =>
    matrix?.map((value) => Math.round(value * 1e6) / 1e6 + 0);

  it('composes transforms left to right, as SVG applies them', () => {
    expect(parseTransform('translate(10 20) scale(2 -1)')).toEqual([2, 0, 0, -1, 10, 20]);
    expect(parseTransform('translate(10,20),scale(3)')).toEqual([3, 0, 0, 3, 10, 20]);
    expect(parseTransform('matrix(1 2 3 4 5 6)')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(parseTransform('  ')).toEqual([1, 0, 0, 1, 0, 0]);
  });

  it('rotates about the origin or a given centre', () => {
    expect(rounded(parseTransform('rotate(90)'))).toEqual([0, 1, -1, 0, 0, 0]);
    // The centre stays where it is: (10, 0) maps to (10, 0).
    expect(rounded(parseTransform('rotate(90 10 0)'))).toEqual([0, 1, -1, 0, 10, -10]);
  });

  it.each(['rotate(1 2)', 'scale()', 'translate(1 2 3)', 'translate(1px)', 'skewX(1 2)', 'scale(2) junk'])(
    'rejects %s',
    (value) => {
      expect(parseTransform(value)).toBeUndefined();
    },
  );
});

describe('drawPlainSvg', () => {
  it('clips to the box and maps the viewBox into it, centred, before drawing', async () => {
    // A 100 x 50 viewBox in a 200 x 100 box at (10, 20): scale 2, no margin.
    const content = await contentOf(svg('<rect x="1" y="2" width="3" height="4" fill="#ff0000"/>'));
    expect(content).toMatch(/10 20 200 100 re\s+W n\s+2 0 0 2 10 20 cm/);
    expect(content).toMatch(/q\s+1 0 0 rg 1 2 3 4 re f\s+Q/);
  });

  it('strokes with the SVG defaults pdfkit does not share (miter limit 4) and the inherited width', async () => {
    const content = await contentOf(svg('<g stroke="#00f" stroke-width="3" fill="none"><path d="M0 0L9 9"/></g>'));
    expect(content).toMatch(/0 0 1 RG 3 w 0 J 0 j 4 M 0 0 m 9 9 l S/);
  });

  it('multiplies an element opacity into its fill and draws nothing fully transparent or empty', async () => {
    const content = await contentOf(
      svg(
        '<rect width="5" height="5" fill-opacity="0.5" opacity="0.5"/><rect width="5" height="5" opacity="0"/>' +
          '<rect width="0" height="5"/><circle r="0"/>',
      ),
    );
    expect(content).toMatch(/\/Gs1 gs/);
    expect(content).toContain('/ca 0.25');
    expect(content.match(/ re\s/g)).toHaveLength(2); // the clip and the one visible rectangle
  });

  it('paints a gradient across the filled shape’s box, and a single stop as a plain colour', async () => {
    const content = await contentOf(
      svg(
        '<defs><linearGradient id="g" x2="0" y2="1"><stop offset="0.2" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient>' +
          '<linearGradient id="one"><stop stop-color="#00ff00"/></linearGradient></defs>' +
          '<rect x="10" y="5" width="20" height="40" fill="url(#g)"/><rect width="1" height="1" fill="url(#one)"/>',
      ),
    );
    expect(content).toMatch(/\/Pattern cs\s+\/Sh1 scn\s+\/Gs\d+ gs\s+10 5 20 40 re\s+f/);
    // The gradient's unit square is the rectangle's box (20 x 40 at 10, 5), in the picture's scale (2) on the page.
    expect(content).toContain('/Matrix [40 0 0 -80 30 170]');
    // The first stop's colour is held from 0 to its offset.
    expect(content).toMatch(/\/Bounds \[0.2\]/);
    expect(content).toMatch(/q\s+0 1 0 rg 0 0 1 1 re f\s+Q/);
  });
});
