/**
 * A model's drawing, made safe to print. The SVG a model writes is hostile
 * input until proven otherwise: it may carry scripts, event handlers,
 * `foreignObject`, references to other files or servers (`href`, CSS `url()`),
 * entities, or simply be too big to draw. It is read with a real XML parser
 * (saxes: no DTD, so no entity of its own is ever expanded), and rewritten from
 * an allow-list: shapes, paths, groups, linear and radial gradients, transforms,
 * fills, strokes and opacity, every value checked and written back in a form
 * the PDF renderer's plain path draws (`#rrggbb` colours, paths for lines and
 * polygons). Everything else is dropped, not escaped; what cannot be read at
 * all, or is too big, or draws almost nothing, is refused with reasons a model
 * can act on. The result always has the frame's viewBox (`0 0 width height`),
 * the drawing scaled into it when the model used another.
 */
import colourNames from 'color-name';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/** The picture's size, in SVG user units: its viewBox is `0 0 width height`. */
export interface DrawingFrame {
  readonly width: number;
  readonly height: number;
}

export const DRAWING_LIMITS = {
  /** Characters of the `<svg>` element the model wrote: about 30,000 tokens, more than any picture is given. */
  characters: 150_000,
  /** Elements of every kind, dropped ones included. */
  elements: 2_500,
  /** Nesting depth below the root. */
  depth: 24,
  /** Characters of one path's `d` (or one shape's `points`). */
  pathCharacters: 20_000,
  /** Shapes below which a drawing shows nothing a reader would call a scene. */
  minShapes: 6,
} as const;

export type DrawingReading =
  | {
      /** The clean drawing, a standalone SVG document. */
      readonly svg: string;
      /** Shapes it draws. */
      readonly shapes: number;
      /** What was taken out (element and attribute names), for the logs: never a failure in itself. */
      readonly removed: readonly string[];
    }
  | { readonly problems: readonly string[] };

const SVG_NS = 'http://www.w3.org/2000/svg';

const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);
const GRADIENTS = new Set(['linearGradient', 'radialGradient']);
/** Elements kept (the root aside); `title` and `desc` are read past silently: the book carries the alt text. */
const KEPT = new Set(['g', 'defs', 'stop', ...SHAPES, ...GRADIENTS]);
const SILENT = new Set(['title', 'desc', 'metadata']);

/** Where each kept element may appear. */
const PARENTS: Readonly<Record<string, ReadonlySet<string>>> = {
  g: new Set(['svg', 'g']),
  defs: new Set(['svg', 'g']),
  linearGradient: new Set(['defs', 'svg', 'g']),
  radialGradient: new Set(['defs', 'svg', 'g']),
  stop: new Set(['linearGradient', 'radialGradient']),
  ...Object.fromEntries([...SHAPES].map((shape) => [shape, new Set(['svg', 'g'])])),
};

/** Inherited paint properties, as attributes or in a `style` attribute; each has its own value check. */
const PAINT_PROPERTIES = ['fill', 'stroke'] as const;
const OPACITY_PROPERTIES = ['fill-opacity', 'stroke-opacity', 'opacity'] as const;
const ENUM_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  'fill-rule': ['nonzero', 'evenodd'],
  'stroke-linecap': ['butt', 'round', 'square'],
  'stroke-linejoin': ['miter', 'round', 'bevel'],
};

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const PATH_DATA = /^[MmLlHhVvCcSsQqTtAaZz0-9eE+\-.,\s]*$/;
const TRANSFORM = /^(?:\s*(?:matrix|translate|scale|rotate|skewX|skewY)\s*\(\s*[-+0-9.eE,\s]*\)\s*,?)+\s*$/;
const ID = /^[A-Za-z][\w-]{0,63}$/;

interface Element {
  readonly name: string;
  /** Attributes kept, already checked and normalised (paint references resolved when written). */
  readonly attributes: Map<string, string>;
  readonly children: Element[];
}

class Refused extends Error {}

/**
 * Reads the model's answer (prose or code fences around the drawing are
 * ignored) into a clean drawing in the frame, or the reasons it cannot be one.
 */
export function cleanDrawing(answer: string, frame: DrawingFrame): DrawingReading {
  const start = answer.search(/<svg[\s>/]/);
  if (start < 0) return { problems: ['the answer holds no <svg> element'] };
  const end = answer.lastIndexOf('</svg>');
  if (end < start) return { problems: ['the drawing is not complete: it has no closing </svg>'] };
  const source = answer.slice(start, end + '</svg>'.length);
  if (source.length > DRAWING_LIMITS.characters) {
    return { problems: [`the drawing is ${source.length} characters long; at most ${DRAWING_LIMITS.characters}`] };
  }
  const removed = new Set<string>();
  let root: { element: Element; viewBox: readonly number[] | undefined } | undefined;
  try {
    root = parse(source, removed);
  } catch (error) {
    if (error instanceof Refused) return { problems: [error.message] };
    return { problems: [`the drawing is not well-formed XML (${firstLine(error)})`] };
  }
  if (!root) return { problems: ['the drawing has no <svg> root element'] };

  // Every gradient in one <defs> first, wherever the model put it: the form every renderer reads alike.
  const definitions: Element[] = [];
  collectDefinitions(root.element, definitions);
  // Paint may name only a gradient that has stops: one without draws as nothing in some renderers, black in others.
  const gradients = new Set(
    definitions.filter((gradient) => gradient.children.length > 0).map((gradient) => gradient.attributes.get('id')!),
  );
  const shapes = countShapes(root.element);
  if (shapes < DRAWING_LIMITS.minShapes) {
    return {
      problems: [`the drawing has ${shapes} visible shape${shapes === 1 ? '' : 's'}; a scene needs many more`],
    };
  }
  const defs = definitions.map((gradient) => write(gradient, gradients, removed)).join('');
  const body =
    (defs ? `<defs>${defs}</defs>` : '') +
    root.element.children
      .filter((child) => !GRADIENTS.has(child.name))
      .map((child) => write(child, gradients, removed))
      .join('');
  const rootPaint = attributesText(root.element.attributes, gradients, removed);
  const fit = fitting(root.viewBox, frame);
  const inner = rootPaint || fit ? `<g${fit ? ` transform="${fit}"` : ''}${rootPaint}>${body}</g>` : body;
  const svg =
    `<svg xmlns="${SVG_NS}" width="${frame.width}" height="${frame.height}" ` +
    `viewBox="0 0 ${frame.width} ${frame.height}">${inner}</svg>`;
  return { svg, shapes, removed: [...removed].sort() };
}

function parse(
  source: string,
  removed: Set<string>,
): { element: Element; viewBox: readonly number[] | undefined } | undefined {
  const parser = new SaxesParser({ xmlns: false, position: false });
  // The path from the root to the element being read; `undefined` marks a dropped element (its subtree goes too).
  const stack: Array<Element | undefined> = [];
  let root: { element: Element; viewBox: readonly number[] | undefined } | undefined;
  let elements = 0;
  parser.on('doctype', () => {
    throw new Refused('the drawing has a DOCTYPE; a drawing must be a plain <svg> element');
  });
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    elements += 1;
    if (elements > DRAWING_LIMITS.elements) {
      throw new Refused(`the drawing has more than ${DRAWING_LIMITS.elements} elements`);
    }
    if (stack.length > DRAWING_LIMITS.depth) {
      throw new Refused(`the drawing nests elements more than ${DRAWING_LIMITS.depth} deep`);
    }
    const parent = stack[stack.length - 1];
    if (stack.length === 0) {
      if (tag.name !== 'svg' || root) throw new Refused('the drawing has no <svg> root element');
      const element: Element = { name: 'svg', attributes: new Map(), children: [] };
      keepAttributes('svg', tag.attributes, element.attributes, removed);
      root = { element, viewBox: viewBoxOf(tag.attributes) };
      stack.push(element);
      return;
    }
    const allowed = parent !== undefined && KEPT.has(tag.name) && PARENTS[tag.name]?.has(parent.name) === true;
    if (!allowed) {
      if (!SILENT.has(tag.name)) removed.add(tag.name);
      stack.push(undefined);
      return;
    }
    const attributes = new Map<string, string>();
    keepAttributes(tag.name, tag.attributes, attributes, removed);
    if (SHAPES.has(tag.name) && !geometryOf(tag.name, tag.attributes, attributes, root?.viewBox)) {
      // A shape whose outline cannot be read draws nothing: it is dropped, its children with it.
      removed.add(`${tag.name} (unreadable outline)`);
      stack.push(undefined);
      return;
    }
    // Lines and polygons are written as the paths they are (geometryOf gave them a `d`).
    const name = attributes.has('d') ? 'path' : tag.name;
    const element: Element = { name, attributes, children: [] };
    parent.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(source).close();
  return root;
}

/** The model's own viewBox (or width and height), to scale its drawing into the frame. */
function viewBoxOf(attributes: Record<string, string>): readonly number[] | undefined {
  const box = attributes['viewBox']?.trim().split(/[\s,]+/);
  if (box?.length === 4 && box.every((part) => NUMBER.test(part))) {
    const values = box.map(Number);
    if ((values[2] ?? 0) > 0 && (values[3] ?? 0) > 0 && values.every(Number.isFinite)) return values;
  }
  const width = length(attributes['width']);
  const height = length(attributes['height']);
  return width && height && width > 0 && height > 0 ? [0, 0, width, height] : undefined;
}

/** The transform that maps the model's viewBox onto the frame (centred, as SVG's default `xMidYMid meet`). */
function fitting(viewBox: readonly number[] | undefined, frame: DrawingFrame): string | undefined {
  if (!viewBox) return undefined;
  const [x = 0, y = 0, width = frame.width, height = frame.height] = viewBox;
  if (x === 0 && y === 0 && width === frame.width && height === frame.height) return undefined;
  const scale = Math.min(frame.width / width, frame.height / height);
  const dx = (frame.width - width * scale) / 2 - x * scale;
  const dy = (frame.height - height * scale) / 2 - y * scale;
  return `matrix(${[scale, 0, 0, scale, dx, dy].map(short).join(' ')})`;
}

/** A length in user units: a number, optionally in `px`; percentages and other units are not lengths here. */
function length(value: string | undefined): number | undefined {
  const trimmed = value?.trim().replace(/px$/, '');
  return trimmed !== undefined && NUMBER.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * The presentation and structural attributes an element keeps, each value
 * checked (a `style` attribute's declarations are read as attributes); every
 * other attribute is dropped: event handlers, `href` of every kind, `class`,
 * filters, masks, clip paths, animation.
 */
function keepAttributes(
  name: string,
  attributes: Record<string, string>,
  kept: Map<string, string>,
  removed: Set<string>,
): void {
  const declarations = new Map<string, string>();
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'style') {
      for (const declaration of value.split(';')) {
        const colon = declaration.indexOf(':');
        if (colon > 0) declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
      }
    } else declarations.set(key, value);
  }
  for (const [key, value] of declarations) {
    const clean = cleanValue(name, key, value);
    if (clean !== undefined) kept.set(key, clean);
    else if (!STRUCTURAL.has(key) && !GEOMETRY[name]?.includes(key)) removed.add(key);
  }
}

/** Attributes the element reads for itself (geometry, the root's size), checked where they are used. */
const STRUCTURAL = new Set(['xmlns', 'xmlns:xlink', 'version', 'width', 'height', 'viewBox', 'x', 'y']);

/** Each shape's geometry attributes, turned into a path or checked numbers by `geometryOf`. */
const GEOMETRY: Readonly<Record<string, readonly string[]>> = {
  path: ['d'],
  rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
  circle: ['cx', 'cy', 'r'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  line: ['x1', 'y1', 'x2', 'y2'],
  polyline: ['points'],
  polygon: ['points'],
};

/** The checked, normalised value of a presentation or gradient attribute; undefined drops it. */
function cleanValue(element: string, key: string, value: string): string | undefined {
  const trimmed = value.trim();
  if ((PAINT_PROPERTIES as readonly string[]).includes(key)) return paint(trimmed);
  if ((OPACITY_PROPERTIES as readonly string[]).includes(key)) return clampedNumber(trimmed, 0, 1);
  if (key in ENUM_PROPERTIES) return ENUM_PROPERTIES[key]?.includes(trimmed) ? trimmed : undefined;
  if (key === 'stroke-width') return clampedNumber(trimmed.replace(/px$/, ''), 0, 1000);
  if (key === 'stroke-miterlimit') return clampedNumber(trimmed, 1, 100);
  if (key === 'transform' && element !== 'svg')
    return TRANSFORM.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : undefined;
  if (GRADIENTS.has(element)) {
    if (key === 'id') return ID.test(trimmed) ? trimmed : undefined;
    if (key === 'gradientUnits') return ['objectBoundingBox', 'userSpaceOnUse'].includes(trimmed) ? trimmed : undefined;
    if (key === 'gradientTransform') return TRANSFORM.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : undefined;
    if (['x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'fx', 'fy'].includes(key)) return numberOrPercent(trimmed);
    return undefined;
  }
  if (element === 'stop') {
    if (key === 'offset') return numberOrPercent(trimmed);
    if (key === 'stop-color') return colour(trimmed);
    if (key === 'stop-opacity') return clampedNumber(trimmed, 0, 1);
  }
  return undefined;
}

/**
 * A shape's outline, written into `kept` as plain numbers (lines and
 * polygons as paths, which every renderer draws alike); false when it
 * cannot be read or is too long.
 */
function geometryOf(
  name: string,
  attributes: Record<string, string>,
  kept: Map<string, string>,
  viewBox: readonly number[] | undefined,
): boolean {
  if (name === 'path') {
    const d = attributes['d']?.trim() ?? '';
    if (d.length === 0 || d.length > DRAWING_LIMITS.pathCharacters || !PATH_DATA.test(d) || !/^[Mm]/.test(d)) {
      return false;
    }
    kept.set('d', d.replace(/\s+/g, ' '));
    return true;
  }
  if (name === 'line') {
    const values = ['x1', 'y1', 'x2', 'y2'].map((key) => length(attributes[key] ?? '0'));
    if (!values.every((value): value is number => value !== undefined)) return false;
    const [x1, y1, x2, y2] = values as [number, number, number, number];
    kept.set('d', `M${short(x1)} ${short(y1)}L${short(x2)} ${short(y2)}`);
    return true;
  }
  if (name === 'polyline' || name === 'polygon') {
    const text = attributes['points']?.trim() ?? '';
    if (text.length > DRAWING_LIMITS.pathCharacters) return false;
    const parts = text.split(/[\s,]+/).filter(Boolean);
    if (parts.length < 4 || parts.length % 2 !== 0 || !parts.every((part) => NUMBER.test(part))) return false;
    const points: string[] = [];
    for (let index = 0; index < parts.length; index += 2) {
      points.push(`${index === 0 ? 'M' : 'L'}${short(Number(parts[index]))} ${short(Number(parts[index + 1]))}`);
    }
    kept.set('d', points.join('') + (name === 'polygon' ? 'Z' : ''));
    return true;
  }
  for (const key of GEOMETRY[name] ?? []) {
    const raw = attributes[key];
    if (raw === undefined) continue;
    const value = raw.trim().endsWith('%') ? percentOf(key, raw, viewBox) : length(raw);
    if (value === undefined || !Number.isFinite(value)) return false;
    // Negative sizes are errors in SVG (nothing is drawn); radii below zero likewise.
    if (['width', 'height', 'r', 'rx', 'ry'].includes(key) && value < 0) return false;
    kept.set(key, short(value));
  }
  return true;
}

/**
 * A percentage length (`width="100%"`, the usual way to paint a background) in
 * user units: of the viewBox's width for x's and widths, of its height for
 * y's and heights, of its normalised diagonal for a radius, as SVG reads them.
 */
function percentOf(key: string, raw: string, viewBox: readonly number[] | undefined): number | undefined {
  const share = raw.trim().slice(0, -1).trim();
  if (!viewBox || !NUMBER.test(share)) return undefined;
  const [, , width = 0, height = 0] = viewBox;
  const base = /^(?:x\d?|cx|width|rx)$/.test(key)
    ? width
    : /^(?:y\d?|cy|height|ry)$/.test(key)
      ? height
      : Math.sqrt((width * width + height * height) / 2);
  return (Number(share) / 100) * base;
}

/** A paint: `none`, a colour as `#rrggbb`, or `url(#id)` (checked against the drawing's gradients when written). */
function paint(value: string): string | undefined {
  if (value === 'none' || value === 'transparent') return 'none';
  const reference = /^url\(\s*['"]?#([A-Za-z][\w-]{0,63})['"]?\s*\)(?:\s+\S+)?$/.exec(value);
  if (reference) return `url(#${reference[1]})`;
  return colour(value);
}

function colour(value: string): string | undefined {
  const lower = value.toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(lower)?.[1];
  if (hex) return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`;
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/.exec(lower);
  if (rgb) return hexOf([Number(rgb[1]), Number(rgb[2]), Number(rgb[3])]);
  const named = Object.hasOwn(colourNames, lower) ? colourNames[lower as keyof typeof colourNames] : undefined;
  return named ? hexOf(named) : undefined;
}

function hexOf(channels: readonly number[]): string {
  return `#${channels.map((channel) => Math.min(255, channel).toString(16).padStart(2, '0')).join('')}`;
}

function clampedNumber(value: string, min: number, max: number): string | undefined {
  if (!NUMBER.test(value)) return undefined;
  return short(Math.min(max, Math.max(min, Number(value))));
}

function numberOrPercent(value: string): string | undefined {
  if (value.endsWith('%')) {
    const number = value.slice(0, -1).trim();
    return NUMBER.test(number) ? `${short(Number(number))}%` : undefined;
  }
  return NUMBER.test(value) ? short(Number(value)) : undefined;
}

/** A number written short: at most three decimals, no exponent. */
function short(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Shapes that paint something: with a fill or a stroke (their own or inherited), not wholly transparent. */
function countShapes(element: Element, inherited = { fill: true, stroke: false }): number {
  let count = 0;
  for (const child of element.children) {
    if (GRADIENTS.has(child.name) || child.name === 'defs') continue;
    const fill = child.attributes.has('fill') ? child.attributes.get('fill') !== 'none' : inherited.fill;
    const stroke = child.attributes.has('stroke') ? child.attributes.get('stroke') !== 'none' : inherited.stroke;
    const visible = child.attributes.get('opacity') !== '0';
    if (SHAPES.has(child.name)) count += visible && (fill || stroke) ? 1 : 0;
    else if (visible) count += countShapes(child, { fill, stroke });
  }
  return count;
}

/** The drawing's gradients, the first of each id (a repeated id is an XML error in an EPUB). */
function collectDefinitions(element: Element, into: Element[]): void {
  for (const child of element.children) {
    const id = child.attributes.get('id');
    if (!GRADIENTS.has(child.name)) collectDefinitions(child, into);
    else if (id !== undefined && !into.some((gradient) => gradient.attributes.get('id') === id)) into.push(child);
  }
}

/** An element and its children as SVG; gradients and `defs` are written once, by `collectDefinitions`. */
function write(element: Element, gradients: ReadonlySet<string>, removed: Set<string>): string {
  if (element.name === 'defs') return '';
  const attributes = attributesText(element.attributes, gradients, removed);
  const children = element.children
    .filter((child) => GRADIENTS.has(element.name) || !GRADIENTS.has(child.name))
    .map((child) => write(child, gradients, removed))
    .join('');
  return children ? `<${element.name}${attributes}>${children}</${element.name}>` : `<${element.name}${attributes}/>`;
}

/** The attributes as written; a paint that names no gradient of the drawing is dropped (it would draw black). */
function attributesText(
  attributes: ReadonlyMap<string, string>,
  gradients: ReadonlySet<string>,
  removed: Set<string>,
): string {
  let text = '';
  for (const [key, value] of attributes) {
    const reference = /^url\(#(.+)\)$/.exec(value)?.[1];
    if (reference !== undefined && !gradients.has(reference)) {
      removed.add(`${key} (unknown gradient)`);
      continue;
    }
    text += ` ${key}="${escapeAttribute(value)}"`;
  }
  return text;
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 160);
}
