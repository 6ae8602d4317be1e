/**
 * Plain SVG drawn straight into the PDF page. Most illustrations
 * (the builtin writer's and most simple art) are only shapes, groups with
 * transforms and bounding-box gradients. svg-to-pdfkit handles every feature
 * SVG has, so it builds a style cascade, a shape model and bounding boxes for
 * each element: about 6 ms a picture, a quarter of a 100,000-word novel's PDF.
 * Read here once and written as a few chunks of page content per shape, the
 * same picture costs a fraction of that.
 *
 * The subset is closed: `parsePlainSvg` accepts only the elements and
 * attributes listed below, with values it fully understands, and answers
 * undefined for anything else (text, `style`, CSS classes, group opacity,
 * clipping, masks, `use`, named colours, gradients on paths). The caller then
 * draws the picture through svg-to-pdfkit, so a picture never loses a feature
 * to this path. What is drawn follows svg-to-pdfkit's reading of SVG: the root
 * clipped to its viewport and scaled into it (xMidYMid meet), inherited paint,
 * fill and stroke opacities multiplied by the element's `opacity`, gradients in
 * the filled shape's bounding box with stop opacities.
 */

import { num, svgPathToPdf } from './svg-path';
type Matrix = readonly [number, number, number, number, number, number];

/** An SVG colour, `#rrggbb`, or a gradient by id. */
type Paint = { readonly colour: string } | { readonly gradient: string };

interface Style {
  readonly fill: Paint | 'none';
  readonly fillOpacity: number;
  readonly fillRule: 'nonzero' | 'evenodd';
  readonly stroke: Paint | 'none';
  readonly strokeOpacity: number;
  readonly strokeWidth: number;
  readonly lineCap: 'butt' | 'round' | 'square';
  readonly lineJoin: 'miter' | 'round' | 'bevel';
  readonly miterLimit: number;
}

/** [left, top, right, bottom] in the shape's own coordinates. */
type Box = readonly [number, number, number, number];

interface Geometry {
  /** The outline as PDF path operators, written once when the picture is read; empty when nothing is drawn. */
  readonly ops: string;
  /** The bounding box of a rectangle or ellipse, the shapes gradients may fill here. */
  readonly box?: Box;
}

interface Shape {
  readonly kind: 'shape';
  readonly geometry: Geometry;
  readonly style: Style;
  readonly opacity: number;
  readonly transform?: Matrix;
}

interface Group {
  readonly kind: 'group';
  readonly transform?: Matrix;
  readonly children: readonly Node[];
}

type Node = Shape | Group;

interface GradientStop {
  readonly offset: number;
  readonly colour: string;
  readonly opacity: number;
}

/** In the filled shape's bounding box (0..1 each way), as svg-to-pdfkit reads `objectBoundingBox` units. */
type Gradient =
  | {
      readonly kind: 'linear';
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly stops: readonly GradientStop[];
    }
  | {
      readonly kind: 'radial';
      readonly cx: number;
      readonly cy: number;
      readonly r: number;
      readonly fx: number;
      readonly fy: number;
      readonly stops: readonly GradientStop[];
    };

export interface PlainSvg {
  readonly viewBox: readonly [number, number, number, number];
  readonly children: readonly Node[];
  readonly gradients: ReadonlyMap<string, Gradient>;
}

const INITIAL_STYLE: Style = {
  fill: { colour: '#000000' },
  fillOpacity: 1,
  fillRule: 'nonzero',
  stroke: 'none',
  strokeOpacity: 1,
  strokeWidth: 1,
  lineCap: 'butt',
  lineJoin: 'miter',
  miterLimit: 4,
};

/** Inherited presentation attributes, allowed on the root, groups and shapes. */
const PRESENTATION = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-opacity',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
];

/** Every attribute each element may carry; any other attribute sends the picture to svg-to-pdfkit. */
const ALLOWED: Readonly<Record<string, ReadonlySet<string>>> = {
  svg: new Set(['xmlns', 'xmlns:xlink', 'version', 'width', 'height', 'viewBox', ...PRESENTATION]),
  title: new Set(['id']),
  desc: new Set(['id']),
  defs: new Set(['id']),
  linearGradient: new Set(['id', 'x1', 'y1', 'x2', 'y2', 'gradientUnits']),
  radialGradient: new Set(['id', 'cx', 'cy', 'r', 'fx', 'fy', 'gradientUnits']),
  stop: new Set(['offset', 'stop-color', 'stop-opacity']),
  g: new Set(['id', 'transform', ...PRESENTATION]),
  path: new Set(['id', 'd', 'transform', 'opacity', ...PRESENTATION]),
  rect: new Set(['id', 'x', 'y', 'width', 'height', 'transform', 'opacity', ...PRESENTATION]),
  circle: new Set(['id', 'cx', 'cy', 'r', 'transform', 'opacity', ...PRESENTATION]),
  ellipse: new Set(['id', 'cx', 'cy', 'rx', 'ry', 'transform', 'opacity', ...PRESENTATION]),
};

/** The elements each element may contain. */
const CHILDREN: Readonly<Record<string, ReadonlySet<string>>> = {
  svg: new Set(['title', 'desc', 'defs', 'g', 'path', 'rect', 'circle', 'ellipse']),
  defs: new Set(['linearGradient', 'radialGradient']),
  linearGradient: new Set(['stop']),
  radialGradient: new Set(['stop']),
  g: new Set(['title', 'desc', 'g', 'path', 'rect', 'circle', 'ellipse']),
};

/** Elements whose text is not drawn (any other text than white space sends the picture to svg-to-pdfkit). */
const TEXT_IGNORED = new Set(['title', 'desc']);

interface XmlElement {
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: XmlElement[];
}

const TAG = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const PROLOG = /<\?xml\b[^>]*\?>/y;
const COMMENT = /<!--[\s\S]*?-->/y;
const TEXT = /[^<]+/y;

/**
 * The element tree of a document made only of the allowed elements and
 * attributes; undefined for anything else (a DOCTYPE, CDATA, an unknown
 * element or attribute, a repeated attribute, a value with an entity, text
 * outside `<title>` and `<desc>`).
 */
function parseXml(source: string): XmlElement | undefined {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let index = 0;
  const at = (pattern: RegExp): RegExpExecArray | null => {
    pattern.lastIndex = index;
    const match = pattern.exec(source);
    if (match) index = pattern.lastIndex;
    return match;
  };
  while (index < source.length) {
    const parent = stack[stack.length - 1];
    if (at(COMMENT) || (index === 0 && at(PROLOG))) continue;
    const text = at(TEXT);
    if (text) {
      if (text[0].trim() !== '' && !(parent && TEXT_IGNORED.has(parent.name))) return undefined;
      continue;
    }
    const tag = at(TAG);
    if (!tag) return undefined;
    const [, closing, name = '', attributeText = '', selfClosing] = tag;
    if (closing) {
      if (selfClosing || attributeText.trim() !== '' || parent?.name !== name) return undefined;
      stack.pop();
      continue;
    }
    if (parent ? !CHILDREN[parent.name]?.has(name) : root !== undefined || name !== 'svg') return undefined;
    const allowed = ALLOWED[name];
    if (!allowed) return undefined;
    const attributes = new Map<string, string>();
    for (const [, key = '', double, single] of attributeText.matchAll(ATTRIBUTE)) {
      const value = double ?? single ?? '';
      if (!allowed.has(key) || attributes.has(key)) return undefined;
      if (value.includes('&') && !TEXT_IGNORED.has(name)) return undefined;
      attributes.set(key, value);
    }
    const element: XmlElement = { name, attributes, children: [] };
    if (parent) parent.children.push(element);
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  return stack.length === 0 ? root : undefined;
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function number(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined) return fallback;
  const trimmed = value.trim();
  const parsed = NUMBER.test(trimmed) ? Number(trimmed) : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** A number, or a percentage as a fraction (gradient coordinates and stop offsets). */
function fraction(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined) return fallback;
  const trimmed = value.trim();
  return trimmed.endsWith('%') ? mapDefined(number(trimmed.slice(0, -1), 0), (n) => n / 100) : number(trimmed, 0);
}

function mapDefined<T, U>(value: T | undefined, map: (value: T) => U): U | undefined {
  return value === undefined ? undefined : map(value);
}

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** `#rgb` as `#rrggbb`, lower case; undefined for any other colour syntax. */
function hexColour(value: string): string | undefined {
  const trimmed = value.trim();
  if (!HEX.test(trimmed)) return undefined;
  const digits = trimmed.length === 4 ? [...trimmed.slice(1)].map((digit) => digit + digit).join('') : trimmed.slice(1);
  return `#${digits.toLowerCase()}`;
}

function paint(value: string): Paint | 'none' | undefined {
  const trimmed = value.trim();
  if (trimmed === 'none') return 'none';
  const reference = /^url\(\s*#([\w.-]+)\s*\)$/.exec(trimmed);
  if (reference?.[1]) return { gradient: reference[1] };
  return mapDefined(hexColour(trimmed), (colour) => ({ colour }));
}

function isGradient(used: Paint | 'none'): used is { readonly gradient: string } {
  return used !== 'none' && 'gradient' in used;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T | undefined {
  if (value === undefined) return fallback;
  return allowed.find((option) => option === value.trim());
}

/** The style an element's presentation attributes make of its parent's; undefined for a value outside the subset. */
function cascade(parent: Style, attributes: ReadonlyMap<string, string>): Style | undefined {
  const fill = mapDefined(attributes.get('fill'), paint) ?? (attributes.has('fill') ? undefined : parent.fill);
  const stroke = mapDefined(attributes.get('stroke'), paint) ?? (attributes.has('stroke') ? undefined : parent.stroke);
  const style = {
    fill,
    fillOpacity: number(attributes.get('fill-opacity'), parent.fillOpacity),
    fillRule: oneOf(attributes.get('fill-rule'), ['nonzero', 'evenodd'], parent.fillRule),
    stroke,
    strokeOpacity: number(attributes.get('stroke-opacity'), parent.strokeOpacity),
    strokeWidth: number(attributes.get('stroke-width'), parent.strokeWidth),
    lineCap: oneOf(attributes.get('stroke-linecap'), ['butt', 'round', 'square'], parent.lineCap),
    lineJoin: oneOf(attributes.get('stroke-linejoin'), ['miter', 'round', 'bevel'], parent.lineJoin),
    miterLimit: number(attributes.get('stroke-miterlimit'), parent.miterLimit),
  };
  return Object.values(style).every((value) => value !== undefined) ? (style as Style) : undefined;
}

const TRANSFORM = /\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?/y;

function multiply(a: Matrix, b: Matrix): Matrix {
  return [
    a[0] * b[0] + a[2] * b[1],
    a[1] * b[0] + a[3] * b[1],
    a[0] * b[2] + a[2] * b[3],
    a[1] * b[2] + a[3] * b[3],
    a[0] * b[4] + a[2] * b[5] + a[4],
    a[1] * b[4] + a[3] * b[5] + a[5],
  ];
}

/** A `transform` attribute as one matrix; undefined when any part of it is malformed. */
export function parseTransform(value: string): Matrix | undefined {
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  if (value.trim() === '') return matrix;
  TRANSFORM.lastIndex = 0;
  let end = 0;
  for (let match = TRANSFORM.exec(value); match; match = TRANSFORM.exec(value)) {
    end = TRANSFORM.lastIndex;
    const step = transformStep(match[1] ?? '', (match[2] ?? '').trim().split(/\s*,\s*|\s+/));
    if (!step) return undefined;
    matrix = multiply(matrix, step);
  }
  return end === value.length ? matrix : undefined;
}

function transformStep(name: string, args: readonly string[]): Matrix | undefined {
  if (!args.every((arg) => NUMBER.test(arg))) return undefined;
  const values = args.map(Number);
  const [a = 0, b, c] = values;
  const radians = (a * Math.PI) / 180;
  let step: Matrix | undefined;
  if (name === 'matrix' && values.length === 6) step = values as unknown as Matrix;
  else if (name === 'translate' && values.length <= 2) step = [1, 0, 0, 1, a, b ?? 0];
  else if (name === 'scale' && values.length <= 2) step = [a, 0, 0, b ?? a, 0, 0];
  else if (name === 'skewX' && values.length === 1) step = [1, 0, Math.tan(radians), 1, 0, 0];
  else if (name === 'skewY' && values.length === 1) step = [1, Math.tan(radians), 0, 1, 0, 0];
  else if (name === 'rotate' && (values.length === 1 || values.length === 3)) {
    const rotation: Matrix = [Math.cos(radians), Math.sin(radians), -Math.sin(radians), Math.cos(radians), 0, 0];
    step = multiply(multiply([1, 0, 0, 1, b ?? 0, c ?? 0], rotation), [1, 0, 0, 1, -(b ?? 0), -(c ?? 0)]);
  }
  return step?.every(Number.isFinite) ? step : undefined;
}

/** The control-point distance of the four cubics that draw a quarter ellipse each. */
const KAPPA = (4 / 3) * (Math.SQRT2 - 1);

function ellipseOps(cx: number, cy: number, rx: number, ry: number): string {
  const [ox, oy] = [rx * KAPPA, ry * KAPPA];
  const [left, top, right, bottom] = [cx - rx, cy - ry, cx + rx, cy + ry];
  const c = (...values: number[]): string => `${values.map(num).join(' ')} c`;
  return [
    `${num(left)} ${num(cy)} m`,
    c(left, cy - oy, cx - ox, top, cx, top),
    c(cx + ox, top, right, cy - oy, right, cy),
    c(right, cy + oy, cx + ox, bottom, cx, bottom),
    c(cx - ox, bottom, left, cy + oy, left, cy),
    'h',
  ].join(' ');
}

/** The element's outline; undefined when an attribute is outside the subset. SVG draws no shape without area. */
function geometry(element: XmlElement): Geometry | undefined {
  const get = (name: string): number | undefined => number(element.attributes.get(name), 0);
  switch (element.name) {
    case 'path': {
      const ops = svgPathToPdf(element.attributes.get('d') ?? '');
      return ops === undefined ? undefined : { ops };
    }
    case 'rect': {
      const [x, y, width, height] = [get('x'), get('y'), get('width'), get('height')];
      if (x === undefined || y === undefined || width === undefined || height === undefined) return undefined;
      if (width < 0 || height < 0) return undefined;
      const ops = width === 0 || height === 0 ? '' : `${num(x)} ${num(y)} ${num(width)} ${num(height)} re`;
      return { ops, box: [x, y, x + width, y + height] };
    }
    case 'circle':
    case 'ellipse': {
      const circle = element.name === 'circle';
      const [cx, cy, rx, ry] = [get('cx'), get('cy'), get(circle ? 'r' : 'rx'), get(circle ? 'r' : 'ry')];
      if (cx === undefined || cy === undefined || rx === undefined || ry === undefined) return undefined;
      if (rx < 0 || ry < 0) return undefined;
      const ops = rx === 0 || ry === 0 ? '' : ellipseOps(cx, cy, rx, ry);
      return { ops, box: [cx - rx, cy - ry, cx + rx, cy + ry] };
    }
    default:
      return undefined;
  }
}

function gradient(element: XmlElement): Gradient | undefined {
  const get = (name: string): string | undefined => element.attributes.get(name);
  if ((get('gradientUnits') ?? 'objectBoundingBox').trim() !== 'objectBoundingBox') return undefined;
  const stops: GradientStop[] = [];
  let previous = 0;
  for (const stop of element.children) {
    const offset = fraction(stop.attributes.get('offset'), 0);
    const colour = hexColour(stop.attributes.get('stop-color') ?? '#000');
    const opacity = number(stop.attributes.get('stop-opacity'), 1);
    if (offset === undefined || colour === undefined || opacity === undefined) return undefined;
    // Offsets below an earlier one take its value, and all are clamped to 0..1 (SVG's rule).
    previous = Math.max(previous, Math.min(Math.max(offset, 0), 1));
    stops.push({ offset: previous, colour, opacity: Math.min(Math.max(opacity, 0), 1) });
  }
  if (element.name === 'linearGradient') {
    const [x1, y1, x2, y2] = [
      fraction(get('x1'), 0),
      fraction(get('y1'), 0),
      fraction(get('x2'), 1),
      fraction(get('y2'), 0),
    ];
    if (x1 === undefined || y1 === undefined || x2 === undefined || y2 === undefined) return undefined;
    return { kind: 'linear', x1, y1, x2, y2, stops };
  }
  const [cx, cy, r] = [fraction(get('cx'), 0.5), fraction(get('cy'), 0.5), fraction(get('r'), 0.5)];
  if (cx === undefined || cy === undefined || r === undefined || r < 0) return undefined;
  const [fx, fy] = [fraction(get('fx'), cx), fraction(get('fy'), cy)];
  if (fx === undefined || fy === undefined) return undefined;
  return { kind: 'radial', cx, cy, r, fx, fy, stops };
}

/**
 * The picture when every part of it is in the subset this file draws;
 * undefined otherwise, for svg-to-pdfkit to draw. `source` is the SVG as the
 * PDF renderer prepares it (`prepareSvg`): a root with a viewBox, sized 100%.
 */
export function parsePlainSvg(source: string): PlainSvg | undefined {
  const root = parseXml(source);
  if (!root) return undefined;
  const viewBox = (root.attributes.get('viewBox') ?? '').trim().split(/[\s,]+/);
  const [x, y, width, height] = viewBox.length === 4 ? viewBox.map((part) => number(part, NaN)) : [];
  if (x === undefined || y === undefined || width === undefined || height === undefined) return undefined;
  if (!(width > 0 && height > 0)) return undefined;
  for (const size of ['width', 'height']) if ((root.attributes.get(size) ?? '100%').trim() !== '100%') return undefined;

  const gradients = new Map<string, Gradient>();
  const gradientsUsed: string[] = [];
  const nodes = (parent: XmlElement, style: Style): Node[] | undefined => {
    const out: Node[] = [];
    for (const child of parent.children) {
      if (child.name === 'title' || child.name === 'desc') continue;
      if (child.name === 'defs') {
        for (const definition of child.children) {
          const id = definition.attributes.get('id');
          const made = gradient(definition);
          if (id === undefined || made === undefined || gradients.has(id)) return undefined;
          gradients.set(id, made);
        }
        continue;
      }
      const childStyle = cascade(style, child.attributes);
      const transformText = child.attributes.get('transform');
      const transform = transformText === undefined ? undefined : parseTransform(transformText);
      if (!childStyle || (transformText !== undefined && !transform)) return undefined;
      if (child.name === 'g') {
        const children = nodes(child, childStyle);
        if (!children) return undefined;
        out.push({ kind: 'group', transform, children });
        continue;
      }
      const shape = geometry(child);
      const opacity = number(child.attributes.get('opacity'), 1);
      if (!shape || opacity === undefined) return undefined;
      // Gradients fill rectangles, circles and ellipses here, whose boxes are plain; a path's box is svg-to-pdfkit's work.
      if (isGradient(childStyle.stroke) || (isGradient(childStyle.fill) && !shape.box)) {
        return undefined;
      }
      if (isGradient(childStyle.fill)) gradientsUsed.push(childStyle.fill.gradient);
      out.push({ kind: 'shape', geometry: shape, style: childStyle, opacity, transform });
    }
    return out;
  };
  const rootStyle = cascade(INITIAL_STYLE, root.attributes);
  const children = rootStyle && nodes(root, rootStyle);
  if (!children) return undefined;
  // A reference to a gradient the picture never defines is left to svg-to-pdfkit's reading of the error.
  if (gradientsUsed.some((id) => !gradients.has(id))) return undefined;
  return { viewBox: [x, y, width, height], children, gradients };
}

type PdfDocument = PDFKit.PDFDocument;

/** Draws the picture into the box, as svg-to-pdfkit would: clipped to the box, scaled to fit it, centred. */
export function drawPlainSvg(
  doc: PdfDocument,
  svg: PlainSvg,
  x: number,
  y: number,
  box: { width: number; height: number },
): void {
  const [viewX, viewY, viewWidth, viewHeight] = svg.viewBox;
  const scale = Math.min(box.width / viewWidth, box.height / viewHeight);
  doc.save();
  doc.rect(x, y, box.width, box.height).clip();
  doc.transform(
    scale,
    0,
    0,
    scale,
    x + (box.width - viewWidth * scale) / 2 - viewX * scale,
    y + (box.height - viewHeight * scale) / 2 - viewY * scale,
  );
  // Shapes set an opacity only below 1: the picture starts opaque, whatever was drawn before it.
  doc.opacity(1);
  for (const node of svg.children) drawNode(doc, svg, node);
  doc.restore();
}

function drawNode(doc: PdfDocument, svg: PlainSvg, node: Node): void {
  if (node.kind === 'group') {
    doc.save();
    if (node.transform) doc.transform(...node.transform);
    for (const child of node.children) drawNode(doc, svg, child);
    doc.restore();
    return;
  }
  const { style, geometry: shape } = node;
  const fillOpacity = style.fillOpacity * node.opacity;
  const strokeOpacity = style.strokeOpacity * node.opacity;
  const fills = style.fill !== 'none' && fillOpacity > 0;
  const strokes = style.stroke !== 'none' && strokeOpacity > 0 && style.strokeWidth > 0;
  if ((!fills && !strokes) || shape.ops === '') return;
  // pdfkit keeps the transformation matrix a gradient is placed in: its save, transform and restore keep it right.
  doc.save();
  if (node.transform) doc.transform(...node.transform);
  // The paint, then the outline and the painting operator: one chunk of page content for the shape.
  const fill = fills ? paintOperators(doc, svg, style.fill, fillOpacity, shape, 'fill') : undefined;
  const stroke = strokes ? paintOperators(doc, svg, style.stroke, strokeOpacity, shape, 'stroke') : undefined;
  if (fill !== undefined || stroke !== undefined) {
    const strokeState =
      stroke === undefined
        ? ''
        : ` ${num(style.strokeWidth)} w ${LINE_CAPS[style.lineCap]} J ${LINE_JOINS[style.lineJoin]} j ${num(style.miterLimit)} M`;
    const evenOdd = style.fillRule === 'evenodd' ? '*' : '';
    const operator = fill !== undefined ? (stroke !== undefined ? `B${evenOdd}` : `f${evenOdd}`) : 'S';
    // As bytes, with the line end pdfkit adds to a string: pdfkit encodes a string a character at a time.
    doc.addContent(Buffer.from(`${fill ?? ''}${stroke ?? ''}${strokeState} ${shape.ops} ${operator}\n`, 'latin1'));
  }
  doc.restore();
}

const LINE_CAPS = { butt: 0, round: 1, square: 2 } as const;
const LINE_JOINS = { miter: 0, round: 1, bevel: 2 } as const;

/**
 * The paint's colour operators, for the shape's content; undefined when it
 * paints nothing (a gradient without stops). Opacity below 1 and gradients
 * need page resources, which pdfkit registers and selects itself.
 */
function paintOperators(
  doc: PdfDocument,
  svg: PlainSvg,
  used: Paint,
  opacity: number,
  shape: Geometry,
  use: 'fill' | 'stroke',
): string | undefined {
  const solid = (colour: string, alpha: number): string => {
    if (alpha < 1) {
      if (use === 'fill') doc.fillOpacity(alpha);
      else doc.strokeOpacity(alpha);
    }
    return colourOperator(colour, use);
  };
  if ('colour' in used) return solid(used.colour, opacity);
  const gradient = svg.gradients.get(used.gradient);
  const [first] = gradient?.stops ?? [];
  if (!gradient || !first) return undefined;
  if (gradient.stops.length === 1) return solid(first.colour, first.opacity * opacity);
  const made = pdfGradient(doc, gradient, opacity, shape.box ?? [0, 0, 0, 0]);
  if (use === 'fill') doc.fillColor(made, 1);
  else doc.strokeColor(made, 1);
  return '';
}

const colourOperators = new Map<string, string>();
/** Past this many colours, the cache starts over rather than grow with every picture a worker draws. */
const COLOUR_CACHE_LIMIT = 10_000;

/** ` r g b rg` (or `RG` for strokes) for a `#rrggbb` colour. */
function colourOperator(colour: string, use: 'fill' | 'stroke'): string {
  const key = use === 'fill' ? colour : `${colour}S`;
  let operator = colourOperators.get(key);
  if (operator === undefined) {
    if (colourOperators.size >= COLOUR_CACHE_LIMIT) colourOperators.clear();
    const channels = [1, 3, 5].map((start) => num(parseInt(colour.slice(start, start + 2), 16) / 255));
    operator = ` ${channels.join(' ')} ${use === 'fill' ? 'rg' : 'RG'}`;
    colourOperators.set(key, operator);
  }
  return operator;
}

/** svg-to-pdfkit's gradient for `pad` spreading: stops held flat before the first and after the last offset. */
function pdfGradient(
  doc: PdfDocument,
  gradient: Gradient,
  opacity: number,
  [left, top, right, bottom]: Box,
): PDFKit.PDFGradient {
  let made: PDFKit.PDFGradient;
  if (gradient.kind === 'linear') {
    made = doc.linearGradient(gradient.x1, gradient.y1, gradient.x2, gradient.y2);
  } else {
    let { fx, fy } = gradient;
    const distance = Math.hypot(gradient.cx - fx, gradient.cy - fy);
    // A focus outside the circle is moved onto it (SVG 1.1), and the circle kept just larger than the focus distance.
    const multiplier = distance > gradient.r ? gradient.r / distance : 1;
    fx = gradient.cx + (fx - gradient.cx) * multiplier;
    fy = gradient.cy + (fy - gradient.cy) * multiplier;
    const r = Math.max(gradient.r, distance * multiplier * (1 + 1e-6));
    made = doc.radialGradient(fx, fy, 0, gradient.cx, gradient.cy, r);
  }
  const stops = gradient.stops;
  stops.forEach((stop, index) => {
    const alpha = stop.opacity * opacity;
    if (index === 0 && stop.offset > 0) made.stop(0, stop.colour, alpha);
    made.stop(stop.offset, stop.colour, alpha);
    if (index === stops.length - 1 && stop.offset < 1) made.stop(1, stop.colour, alpha);
  });
  (made as PDFKit.PDFGradient & { setTransform(...matrix: Matrix): void }).setTransform(
    right - left,
    0,
    0,
    bottom - top,
    left,
    top,
  );
  return made;
}
