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

/** Each command's lower-case (relative) form. */
const LOWER: Readonly<Record<string, string>> = Object.fromEntries([...'MLHVCSQTAZ'].map((c) => [c, c.toLowerCase()]));

/** Argument counts of each command. */
const ARGUMENTS: Readonly<Record<string, number>> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
const LIMIT = 1e15;

/**
 * A coordinate with at most three decimals (a thousandth of a unit, far below
 * a printed dot), as `String(Math.round(value * 1000) / 1000)` writes it, from
 * integers: turning a fraction into text is the slow part of writing a path.
 */
export function num(value: number): string {
  const thousandths = Math.round(value * 1000);
  if (thousandths === 0) return '0';
  if (thousandths % 1000 === 0) return String(thousandths / 1000);
  const size = Math.abs(thousandths);
  let fraction = size % 1000;
  let digits = 3;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits -= 1;
  }
  return `${thousandths < 0 ? '-' : ''}${Math.floor(size / 1000)}.${String(fraction).padStart(digits, '0')}`;
}

/** Characters between a path's numbers and commands: white space and commas. */
function isSeparator(code: number): boolean {
  return code === 32 || code === 44 || (code >= 9 && code <= 13);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Reads path data from left to right by character code: a path is mostly numbers, read once per picture. */
class Reader {
  private index = 0;

  constructor(private readonly source: string) {}

  /** Skips white space and commas; true when something is left. */
  more(): boolean {
    while (this.index < this.source.length && isSeparator(this.source.charCodeAt(this.index))) this.index += 1;
    return this.index < this.source.length;
  }

  command(): string | undefined {
    const char = this.source[this.index];
    if (char === undefined || ARGUMENTS[char.toLowerCase()] === undefined) return undefined;
    this.index += 1;
    return char;
  }

  /** A number as SVG writes one: a sign, digits with at most one point, and an exponent. */
  number(): number | undefined {
    this.more();
    const source = this.source;
    const start = this.index;
    let at = start;
    if (source.charCodeAt(at) === 43 || source.charCodeAt(at) === 45) at += 1;
    const digitsEnd = (from: number): number => {
      let end = from;
      while (isDigit(source.charCodeAt(end))) end += 1;
      return end;
    };
    let end = digitsEnd(at);
    let digits = end - at;
    at = end;
    if (source.charCodeAt(at) === 46) {
      end = digitsEnd(at + 1);
      digits += end - at - 1;
      at = end;
    }
    if (digits === 0) return undefined;
    const exponent = source.charCodeAt(at);
    if (exponent === 101 || exponent === 69) {
      let after = at + 1;
      if (source.charCodeAt(after) === 43 || source.charCodeAt(after) === 45) after += 1;
      if (isDigit(source.charCodeAt(after))) {
        while (isDigit(source.charCodeAt(after))) after += 1;
        at = after;
      }
    }
    this.index = at;
    return Number(source.slice(start, at));
  }

  /** An arc flag: one character, 0 or 1, which may touch the next number ("a1 1 0 011 1"). */
  flag(): number | undefined {
    this.more();
    const code = this.source.charCodeAt(this.index);
    if (code !== 48 && code !== 49) return undefined;
    this.index += 1;
    return code - 48;
  }

  /** Whether a number (a repeated command's next arguments) comes next. */
  numberNext(): boolean {
    if (!this.more()) return false;
    const code = this.source.charCodeAt(this.index);
    return isDigit(code) || code === 46 || code === 43 || code === 45;
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

  // The arguments of the segment being read, in a buffer reused for every segment.
  const args = new Float64Array(7);
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
    const lower = LOWER[command] ?? command;
    const relative = lower === command;
    const wanted = ARGUMENTS[lower] ?? 0;
    let read = 0;
    for (; read < wanted; read += 1) {
      const value = lower === 'a' && (read === 3 || read === 4) ? reader.flag() : reader.number();
      if (value === undefined) break;
      args[read] = value;
    }
    if (read !== wanted) break;
    const [a, b, c, e, f, g, h] = [
      args[0] ?? 0,
      args[1] ?? 0,
      args[2] ?? 0,
      args[3] ?? 0,
      args[4] ?? 0,
      args[5] ?? 0,
      args[6] ?? 0,
    ];
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
