/**
 * The few SVG-writing helpers the illustrations need. Only what svg-to-pdfkit
 * (the PDF renderer) and EPUB reading systems both draw is written: shapes,
 * groups with transforms, and gradients in <defs>; no text, images, filters or
 * references outside the picture.
 */

export const WIDTH = 600;
export const HEIGHT = 400;

/** A coordinate with at most one decimal, so the files stay small and the bytes stable. */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type Attributes = Record<string, string | number | undefined>;

/** One element; numbers go through `num`, text through `escapeXml`, undefined attributes are left out. */
export function el(name: string, attributes: Attributes, children = ''): string {
  const written = Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`)
    .join('');
  return children ? `<${name}${written}>${children}</${name}>` : `<${name}${written}/>`;
}

export type Point = readonly [number, number];

/** `M x y L x y ... Z` through the points. */
export function polygonPath(points: readonly Point[]): string {
  return points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${num(x)} ${num(y)}`).join('') + 'Z';
}

/** A smooth line through the points (quadratic curves between their midpoints), not closed. */
export function smoothPath(points: readonly Point[]): string {
  const [first, ...rest] = points;
  if (!first) return '';
  let d = `M${num(first[0])} ${num(first[1])}`;
  rest.forEach((point, index) => {
    const next = rest[index + 1];
    if (!next) {
      d += `L${num(point[0])} ${num(point[1])}`;
      return;
    }
    d += `Q${num(point[0])} ${num(point[1])} ${num((point[0] + next[0]) / 2)} ${num((point[1] + next[1]) / 2)}`;
  });
  return d;
}

export interface GradientStop {
  colour: string;
  /** 0..1 along the gradient. */
  offset: number;
  opacity?: number;
}

/**
 * Gradient ids unique to one picture: an EPUB may show many pictures in one
 * page, and a reader that inlines them would otherwise paint one picture's sky
 * with another's gradient.
 */
export class Defs {
  private readonly entries: string[] = [];
  private count = 0;

  constructor(private readonly prefix: string) {}

  /** A top-to-bottom linear gradient across the shape; returns `url(#id)` for a fill. */
  linear(stops: readonly GradientStop[]): string {
    const id = this.nextId();
    this.entries.push(
      el('linearGradient', { id, x1: 0, y1: 0, x2: 0, y2: 1 }, stops.map((stop) => this.stop(stop)).join('')),
    );
    return `url(#${id})`;
  }

  /** A radial gradient from the centre of the shape (or the focus, 0..1 of its box) outwards; returns `url(#id)`. */
  radial(stops: readonly GradientStop[], focus?: Point): string {
    const id = this.nextId();
    this.entries.push(
      el('radialGradient', { id, fx: focus?.[0], fy: focus?.[1] }, stops.map((stop) => this.stop(stop)).join('')),
    );
    return `url(#${id})`;
  }

  /** The <defs> element, or nothing when no gradient was made. */
  toString(): string {
    return this.entries.length ? `<defs>${this.entries.join('')}</defs>` : '';
  }

  private stop(stop: GradientStop): string {
    return el('stop', {
      offset: stop.offset,
      'stop-color': stop.colour,
      'stop-opacity': stop.opacity === undefined || stop.opacity === 1 ? undefined : stop.opacity,
    });
  }

  private nextId(): string {
    this.count += 1;
    return `${this.prefix}-g${this.count}`;
  }
}

/** An XML name made from a picture id: letters, digits, `-` and `_`, never starting with a digit. */
export function idPrefix(pictureId: string, hash: number): string {
  const cleaned = pictureId.replace(/[^A-Za-z0-9_-]/g, '_');
  // Two ids that clean to the same text ("a.b", "a_b") keep different prefixes through the hash.
  const unique = cleaned === pictureId ? cleaned : `${cleaned}-${hash.toString(36)}`;
  return `p-${unique}`;
}
