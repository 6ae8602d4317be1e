import { el, num, polygonPath, type Point } from './svg';

/** A building that tells the style at a glance, standing on the middle distance. */
export type Landmark = 'castle' | 'domes' | 'manor' | 'temple' | 'cottage' | 'lighthouse' | 'none';

/** Points scaled by `size` and moved to stand on (x, y). */
function placed(points: ReadonlyArray<readonly [number, number]>, x: number, y: number, size: number): Point[] {
  return points.map(([px, py]): Point => [x + px * size, y + py * size]);
}

function rectPath(x: number, y: number, width: number, height: number): string {
  return `M${num(x)} ${num(y)}h${num(width)}v${num(height)}h${num(-width)}Z`;
}

/**
 * The landmark on (x, y), `size` about its height in pixels; `lit` colours
 * its windows (or nothing when the light is out).
 */
export function landmark(kind: Landmark, x: number, y: number, size: number, colour: string, lit?: string): string {
  const s = size / 100;
  let body = '';
  let lights = '';
  switch (kind) {
    case 'none':
      return '';
    case 'castle': {
      // Curtain wall with battlements, a keep, and two towers with pointed roofs.
      const wall: Array<[number, number]> = [[-60, 0]];
      for (let bx = -60; bx < 60; bx += 10) wall.push([bx, -38], [bx + 5, -38], [bx + 5, -33], [bx + 10, -33]);
      wall.push([60, -38], [60, 0]);
      body += polygonPath(placed(wall, x, y, s));
      body += polygonPath(
        placed(
          [
            [-18, -33],
            [-18, -72],
            [-22, -72],
            [0, -100],
            [22, -72],
            [18, -72],
            [18, -33],
          ],
          x,
          y,
          s,
        ),
      );
      for (const tx of [-52, 52])
        body += polygonPath(
          placed(
            [
              [tx - 10, 0],
              [tx - 10, -58],
              [tx - 14, -58],
              [tx, -84],
              [tx + 14, -58],
              [tx + 10, -58],
              [tx + 10, 0],
            ],
            x,
            y,
            s,
          ),
        );
      lights +=
        rectPath(x - 3 * s, y - 62 * s, 6 * s, 9 * s) +
        rectPath(x - 54 * s, y - 46 * s, 4 * s, 7 * s) +
        rectPath(x + 50 * s, y - 46 * s, 4 * s, 7 * s);
      break;
    }
    case 'domes': {
      // A base of domes with an antenna mast and dish.
      for (const [dx, r] of [
        [-30, 30],
        [18, 22],
        [48, 14],
      ] as const)
        body += `M${num(x + (dx - r) * s)} ${num(y)}A${num(r * s)} ${num(r * s)} 0 0 1 ${num(x + (dx + r) * s)} ${num(y)}Z`;
      body += polygonPath(
        placed(
          [
            [-2, 0],
            [-1, -92],
            [1, -92],
            [2, 0],
          ],
          x + 70 * s,
          y,
          s,
        ),
      );
      body += `M${num(x + 60 * s)} ${num(y - 80 * s)}A${num(12 * s)} ${num(12 * s)} 0 0 0 ${num(x + 80 * s)} ${num(y - 96 * s)}Z`;
      for (const dx of [-44, -30, -16, 12, 24]) lights += rectPath(x + dx * s, y - 8 * s, 5 * s, 3 * s);
      break;
    }
    case 'manor': {
      // A gabled house with a tall tower, a chimney and a few lit windows.
      body += polygonPath(
        placed(
          [
            [-50, 0],
            [-50, -40],
            [-56, -40],
            [-22, -70],
            [12, -40],
            [6, -40],
            [6, 0],
          ],
          x,
          y,
          s,
        ),
      );
      body += polygonPath(
        placed(
          [
            [-40, -52],
            [-40, -70],
            [-33, -70],
            [-33, -46],
          ],
          x,
          y,
          s,
        ),
      );
      body += polygonPath(
        placed(
          [
            [6, 0],
            [6, -62],
            [2, -62],
            [18, -104],
            [34, -62],
            [30, -62],
            [30, 0],
          ],
          x,
          y,
          s,
        ),
      );
      lights += rectPath(x - 40 * s, y - 30 * s, 8 * s, 11 * s) + rectPath(x + 14 * s, y - 50 * s, 7 * s, 10 * s);
      break;
    }
    case 'temple': {
      // Steps, a row of columns and a pediment.
      body += rectPath(x - 56 * s, y - 6 * s, 112 * s, 6 * s) + rectPath(x - 50 * s, y - 11 * s, 100 * s, 5 * s);
      for (let cx = -44; cx <= 44; cx += 17.6) body += rectPath(x + (cx - 3.5) * s, y - 52 * s, 7 * s, 41 * s);
      body += rectPath(x - 52 * s, y - 60 * s, 104 * s, 8 * s);
      body += polygonPath(
        placed(
          [
            [-54, -60],
            [0, -82],
            [54, -60],
          ],
          x,
          y,
          s,
        ),
      );
      break;
    }
    case 'cottage': {
      body += polygonPath(
        placed(
          [
            [-30, 0],
            [-30, -28],
            [-36, -28],
            [-8, -52],
            [20, -28],
            [14, -28],
            [14, 0],
          ],
          x,
          y,
          s,
        ),
      );
      body += rectPath(x + 2 * s, y - 50 * s, 6 * s, 14 * s);
      lights += rectPath(x - 20 * s, y - 20 * s, 8 * s, 8 * s);
      break;
    }
    case 'lighthouse': {
      body += polygonPath(
        placed(
          [
            [-10, 0],
            [-6, -70],
            [6, -70],
            [10, 0],
          ],
          x,
          y,
          s,
        ),
      );
      body += rectPath(x - 8 * s, y - 74 * s, 16 * s, 4 * s) + rectPath(x - 5 * s, y - 84 * s, 10 * s, 10 * s);
      body += polygonPath(
        placed(
          [
            [-7, -84],
            [0, -92],
            [7, -84],
          ],
          x,
          y,
          s,
        ),
      );
      lights += rectPath(x - 3.5 * s, y - 82 * s, 7 * s, 6 * s);
      break;
    }
  }
  return el('path', { d: body, fill: colour }) + (lit && lights ? el('path', { d: lights, fill: lit }) : '');
}
