/**
 * SVG path data as PDF path operators, written once per picture as one
 * string. pdfkit's own `path()` emits one content chunk per segment (a hill
 * of 40 curves is 40 chunks, each a Buffer the page keeps), and draws
 * quadratic curves with PDF's `v` operator, which is a different curve; the
 * quadratics here are raised to the cubic that traces them exactly, and arcs
 * become cubics as in SVG 1.1's implementation notes (F.6).
 *
 * Errors follow SVG: the path is drawn up to the last complete segment
 * before the first error. A number PDF cannot write (not finite, or so large
 * that JavaScript writes it with an exponent, which PDF has no syntax for)
 * makes the whole path unusable: undefined.
 */

/** Argument counts of each command. */
const ARGUMENTS: Readonly<Record<string, number>> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const SEPARATOR = /[\s,]*/y;
const LIMIT = 1e15;

/** A coordinate with at most three decimals (a thousandth of a unit, far below a printed dot). */
export function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
}

class Reader {
  private index = 0;

  constructor(private readonly source: string) {}

  /** Skips white space and commas; true when something is left. */
  more(): boolean {
    SEPARATOR.lastIndex = this.index;
    SEPARATOR.exec(this.source);
    this.index = SEPARATOR.lastIndex;
    return this.index < this.source.length;
  }

  command(): string | undefined {
    const char = this.source[this.index];
    if (char === undefined || ARGUMENTS[char.toLowerCase()] === undefined) return undefined;
    this.index += 1;
    return char;
  }

  number(): number | undefined {
    this.more();
    NUMBER.lastIndex = this.index;
    const match = NUMBER.exec(this.source);
    if (!match) return undefined;
    this.index = NUMBER.lastIndex;
    return Number(match[0]);
  }

  /** An arc flag: one character, 0 or 1, which may touch the next number ("a1 1 0 011 1"). */
  flag(): number | undefined {
    this.more();
    const char = this.source[this.index];
    if (char !== '0' && char !== '1') return undefined;
    this.index += 1;
    return Number(char);
  }

  /** Whether a number (a repeated command's next arguments) comes next. */
  numberNext(): boolean {
    if (!this.more()) return false;
    const char = this.source[this.index] ?? '';
    return /[\d.+-]/.test(char);
  }
}

/** The path's PDF operators (`m`, `l`, `c`, `h`), or undefined when a number is out of PDF's range. */
export function svgPathToPdf(d: string): string | undefined {
  const reader = new Reader(d);
  const out: string[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  // The reflected control point of the previous segment, for S and T; null after any other segment.
  let cubic: [number, number] | null = null;
  let quadratic: [number, number] | null = null;
  let valid = true;
  const point = (px: number, py: number): string => {
    if (!Number.isFinite(px) || !Number.isFinite(py) || Math.abs(px) > LIMIT || Math.abs(py) > LIMIT) valid = false;
    return `${num(px)} ${num(py)}`;
  };
  const curve = (x1: number, y1: number, x2: number, y2: number, ex: number, ey: number): void => {
    out.push(`${point(x1, y1)} ${point(x2, y2)} ${point(ex, ey)} c`);
    x = ex;
    y = ey;
  };

  let command: string | undefined;
  let first = true;
  while (reader.more()) {
    const next = reader.command();
    if (next) command = next;
    else if (!command || command === 'z' || command === 'Z' || !reader.numberNext()) break;
    // After a moveto, further coordinate pairs are linetos.
    else if (command === 'M') command = 'L';
    else if (command === 'm') command = 'l';
    if (first && command !== 'M' && command !== 'm') break;
    first = false;
    const lower = command.toLowerCase();
    const relative = command !== command.toUpperCase();
    const args: number[] = [];
    for (let index = 0; index < (ARGUMENTS[lower] ?? 0); index += 1) {
      const value = lower === 'a' && (index === 3 || index === 4) ? reader.flag() : reader.number();
      if (value === undefined) break;
      args.push(value);
    }
    if (args.length !== ARGUMENTS[lower]) break;
    const [a = 0, b = 0, c = 0, e = 0, f = 0, g = 0, h = 0] = args;
    const dx = relative ? x : 0;
    const dy = relative ? y : 0;
    let nextCubic: [number, number] | null = null;
    let nextQuadratic: [number, number] | null = null;
    switch (lower) {
      case 'm':
        x = a + dx;
        y = b + dy;
        startX = x;
        startY = y;
        out.push(`${point(x, y)} m`);
        break;
      case 'l':
        x = a + dx;
        y = b + dy;
        out.push(`${point(x, y)} l`);
        break;
      case 'h':
        x = a + dx;
        out.push(`${point(x, y)} l`);
        break;
      case 'v':
        y = a + dy;
        out.push(`${point(x, y)} l`);
        break;
      case 'c':
        nextCubic = [c + dx, e + dy];
        curve(a + dx, b + dy, c + dx, e + dy, f + dx, g + dy);
        break;
      case 's': {
        const [x1, y1] = cubic ? [2 * x - cubic[0], 2 * y - cubic[1]] : [x, y];
        nextCubic = [a + dx, b + dy];
        curve(x1, y1, a + dx, b + dy, c + dx, e + dy);
        break;
      }
      case 'q':
      case 't': {
        let qx = x;
        let qy = y;
        if (lower === 'q') [qx, qy] = [a + dx, b + dy];
        else if (quadratic) [qx, qy] = [2 * x - quadratic[0], 2 * y - quadratic[1]];
        const [ex, ey] = lower === 'q' ? [c + dx, e + dy] : [a + dx, b + dy];
        nextQuadratic = [qx, qy];
        // The cubic that traces the quadratic: its control points two thirds of the way to the quadratic's.
        curve(
          x + ((qx - x) * 2) / 3,
          y + ((qy - y) * 2) / 3,
          ex + ((qx - ex) * 2) / 3,
          ey + ((qy - ey) * 2) / 3,
          ex,
          ey,
        );
        break;
      }
      case 'a':
        arc(x, y, a, b, c, e === 1, f === 1, g + dx, h + dy, curve, (ex, ey) => {
          out.push(`${point(ex, ey)} l`);
          x = ex;
          y = ey;
        });
        break;
      case 'z':
        out.push('h');
        x = startX;
        y = startY;
        break;
    }
    cubic = nextCubic;
    quadratic = nextQuadratic;
  }
  return valid ? out.join(' ') : undefined;
}

type Curve = (x1: number, y1: number, x2: number, y2: number, x: number, y: number) => void;

/**
 * An elliptical arc from (x0, y0) to (x, y) as cubic curves of at most a
 * quarter turn each (SVG 1.1 F.6.5 and F.6.6): radii too small for the
 * endpoints are scaled up, a zero radius is a straight line, and an arc to
 * its own start point is nothing.
 */
function arc(
  x0: number,
  y0: number,
  radiusX: number,
  radiusY: number,
  rotation: number,
  large: boolean,
  sweep: boolean,
  x: number,
  y: number,
  curve: Curve,
  line: (x: number, y: number) => void,
): void {
  if (x0 === x && y0 === y) return;
  let rx = Math.abs(radiusX);
  let ry = Math.abs(radiusY);
  if (rx === 0 || ry === 0) {
    line(x, y);
    return;
  }
  const phi = (rotation * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const hx = (x0 - x) / 2;
  const hy = (y0 - y) / 2;
  const x1 = cos * hx + sin * hy;
  const y1 = -sin * hx + cos * hy;
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  const factor = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, numerator / denominator));
  const centreX1 = (factor * rx * y1) / ry;
  const centreY1 = (-factor * ry * x1) / rx;
  const centreX = cos * centreX1 - sin * centreY1 + (x0 + x) / 2;
  const centreY = sin * centreX1 + cos * centreY1 + (y0 + y) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number): number =>
    Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const theta = angle(1, 0, (x1 - centreX1) / rx, (y1 - centreY1) / ry);
  let delta = angle((x1 - centreX1) / rx, (y1 - centreY1) / ry, (-x1 - centreX1) / rx, (-y1 - centreY1) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  else if (sweep && delta < 0) delta += 2 * Math.PI;
  const segments = Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9));
  const step = delta / segments;
  // The control-point distance of a cubic that best follows a circular arc of `step` radians.
  const k = (4 / 3) * Math.tan(step / 4);
  const on = (t: number): [number, number] => [
    centreX + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin,
    centreY + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos,
  ];
  const tangent = (t: number): [number, number] => [
    -rx * Math.sin(t) * cos - ry * Math.cos(t) * sin,
    -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos,
  ];
  for (let index = 0; index < segments; index += 1) {
    const t1 = theta + index * step;
    const t2 = t1 + step;
    const [p1x, p1y] = on(t1);
    const [d1x, d1y] = tangent(t1);
    const [p2x, p2y] = index === segments - 1 ? [x, y] : on(t2);
    const [d2x, d2y] = tangent(t2);
    curve(p1x + k * d1x, p1y + k * d1y, p2x - k * d2x, p2y - k * d2y, p2x, p2y);
  }
}
