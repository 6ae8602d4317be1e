import { cleanDrawing, type DrawingReading } from './untrusted-svg';
import { expectInert, HOSTILE_DRAWINGS, sceneShapes } from './testing/hostile-drawings';

const FRAME = { width: 600, height: 400 };

function clean(answer: string): string {
  const reading = cleanDrawing(answer, FRAME);
  if ('problems' in reading) throw new Error(`refused: ${reading.problems.join('; ')}`);
  return reading.svg;
}

function problems(reading: DrawingReading): readonly string[] {
  return 'problems' in reading ? reading.problems : [];
}

describe('a model drawing made safe', () => {
  it('keeps the shapes, colours and gradients of a plain scene, in the frame, as #rrggbb and paths', () => {
    const svg = clean(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400">' +
        '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="navy"/>' +
        '<stop offset="100%" stop-color="#F9A"/></linearGradient></defs>' +
        '<rect width="100%" height="100%" fill="url(#sky)"/>' +
        '<g transform="translate(10, 20) scale(2)" fill="rgb(200, 120, 40)">' +
        sceneShapes(6) +
        '<polygon points="0,0 10,0 5,8"/><line x1="0" y1="0" x2="9" y2="9" stroke="black" stroke-width="2"/>' +
        '</g></svg>',
    );
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">' +
        '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="#000080"/>' +
        '<stop offset="100%" stop-color="#ff99aa"/></linearGradient></defs>' +
        '<rect fill="url(#sky)" width="600" height="400"/>' +
        '<g transform="translate(10, 20) scale(2)" fill="#c87828">' +
        // Attributes come out in the order they are checked: paint first, then the outline.
        sceneShapes(6).replace(/(cx="\d+" cy="200" r="24") (fill="#3a7d44")/g, '$2 $1') +
        '<path d="M0 0L10 0L5 8Z"/><path stroke="#000000" stroke-width="2" d="M0 0L9 9"/>' +
        '</g></svg>',
    );
  });

  it("scales a drawing made in another viewBox into the frame, centred, and keeps the root's paint", () => {
    const svg = clean(`<svg viewBox="0 0 300 300" fill="#123456">${sceneShapes(6)}</svg>`);
    expect(svg).toContain('<g transform="matrix(1.333 0 0 1.333 100 0)" fill="#123456">');
  });

  it('reads a style attribute as presentation attributes, and keeps none of the rest of CSS', () => {
    const svg = clean(
      `<svg viewBox="0 0 600 400">${sceneShapes(6)}` +
        '<rect width="5" height="5" style="fill: #abc; stroke:red; stroke-width:3px; filter:url(#f); opacity: 2"/></svg>',
    );
    expect(svg).toContain('<rect fill="#aabbcc" stroke="#ff0000" stroke-width="3" opacity="1" width="5" height="5"/>');
  });

  it('writes every gradient once, in one <defs> first, wherever the model put it (a repeated id breaks an EPUB)', () => {
    const gradient = (colour: string) =>
      `<radialGradient id="glow"><stop offset="0" stop-color="${colour}"/></radialGradient>`;
    const svg = clean(
      `<svg viewBox="0 0 600 400">${sceneShapes(6)}<g>${gradient('#ffffff')}<circle r="5" fill="url(#glow)"/></g>` +
        `<defs>${gradient('#000000')}</defs></svg>`,
    );
    expect(svg.match(/<radialGradient/g)).toHaveLength(1);
    expect(svg).toMatch(/^<svg [^>]+><defs><radialGradient id="glow"><stop offset="0" stop-color="#ffffff"\/>/);
  });

  it('finds the drawing in an answer that talks around it or fences it', () => {
    const svg = clean(
      `Here is the picture:\n\`\`\`svg\n<svg viewBox="0 0 600 400">${sceneShapes(6)}</svg>\n\`\`\`\nEnjoy!`,
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('refuses, with reasons a model can act on, what it cannot draw', () => {
    expect(problems(cleanDrawing('I cannot draw that.', FRAME))).toEqual(['the answer holds no <svg> element']);
    expect(problems(cleanDrawing('<svg viewBox="0 0 600 400"><rect width="5"', FRAME))).toEqual([
      'the drawing is not complete: it has no closing </svg>',
    ]);
    expect(problems(cleanDrawing('<svg viewBox="0 0 600 400"><rect width="5"></svg>', FRAME))[0]).toMatch(
      /^the drawing is not well-formed XML/,
    );
    expect(problems(cleanDrawing(`<svg viewBox="0 0 600 400">${sceneShapes(2)}</svg>`, FRAME))).toEqual([
      'the drawing has 2 visible shapes; a scene needs many more',
    ]);
  });

  it('says what it took out, for the logs', () => {
    const reading = cleanDrawing(
      `<svg onload="x()">${sceneShapes(6)}<script>x()</script><rect class="a" width="1" height="1"/></svg>`,
      FRAME,
    );
    expect('removed' in reading && reading.removed).toEqual(['class', 'onload', 'script']);
  });

  describe.each(Object.entries(HOSTILE_DRAWINGS))('a hostile drawing (%s)', (_name, hostile) => {
    it('comes out inert, or is refused with a reason', () => {
      const reading = cleanDrawing(hostile.answer, FRAME);
      if ('svg' in reading) {
        expectInert(reading.svg);
        expect(hostile.refused).toBeUndefined();
      } else {
        expect(reading.problems.join('; ')).toMatch(hostile.refused ?? /^$/);
      }
    });
  });
});
