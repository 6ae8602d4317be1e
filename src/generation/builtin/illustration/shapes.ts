import type { Random } from '../prng';
import { el, HEIGHT, num, polygonPath, smoothPath, WIDTH, type Point } from './svg';

/**
 * Silhouette pieces the landscapes are built from. Each returns path data
 * (`d`) so a whole row of trees or buildings is one element, which keeps
 * a picture to a few kilobytes.
 */

/** Rolling hills across the picture, closed along the bottom edge. */
export function hillsPath(random: Random, baseY: number, amplitude: number, bumps: number): string {
  const points: Point[] = [];
  const step = (WIDTH + 80) / bumps;
  for (let index = 0; index <= bumps; index += 1)
    points.push([-40 + index * step + random.int(-10, 10), baseY - random.next() * amplitude]);
  return `${smoothPath(points)}L${WIDTH + 40} ${HEIGHT}L-40 ${HEIGHT}Z`;
}

/** A mountain range and the snow on its peaks. */
export function rangePath(
  random: Random,
  baseY: number,
  minHeight: number,
  maxHeight: number,
  peaks: number,
  snowLine: number,
): { d: string; snow: string } {
  const points: Point[] = [[-40, baseY - random.int(0, minHeight)]];
  const step = (WIDTH + 80) / peaks;
  let snow = '';
  for (let index = 0; index < peaks; index += 1) {
    const left = points[points.length - 1] as Point;
    const peak: Point = [-40 + step * (index + 0.5) + random.int(-15, 15), baseY - random.int(minHeight, maxHeight)];
    const valley: Point = [-40 + step * (index + 1) + random.int(-8, 8), baseY - random.int(0, minHeight * 0.7)];
    // A shoulder on one flank so the slopes are not straight lines.
    const shoulderSide = random.chance(0.5) ? left : valley;
    const t = 0.45 + random.next() * 0.2;
    const shoulder: Point = [
      peak[0] + (shoulderSide[0] - peak[0]) * t,
      peak[1] + (shoulderSide[1] - peak[1]) * t - random.int(4, 14),
    ];
    if (shoulderSide === left) points.push(shoulder, peak, valley);
    else points.push(peak, shoulder, valley);
    if (snowLine > 0 && baseY - peak[1] > snowLine) {
      const depth = 0.22 + random.next() * 0.1;
      const down = (to: Point, f: number): Point => [peak[0] + (to[0] - peak[0]) * f, peak[1] + (to[1] - peak[1]) * f];
      const nearLeft = shoulderSide === left ? shoulder : left;
      const nearRight = shoulderSide === left ? valley : shoulder;
      const a = down(nearLeft, depth);
      const b = down(nearRight, depth);
      snow += polygonPath([
        peak,
        b,
        [b[0] - (b[0] - peak[0]) * 0.35, b[1] - 4],
        [peak[0] + 2, b[1] + 5],
        [a[0] + (peak[0] - a[0]) * 0.4, a[1] - 3],
        a,
      ]);
    }
  }
  return { d: `${polygonPath(points).slice(0, -1)}L${WIDTH + 40} ${HEIGHT}L-40 ${HEIGHT}Z`, snow };
}

/** A gentle ground line and its height at any x, so figures stand on it. */
export function groundLine(
  random: Random,
  baseY: number,
  amplitude: number,
): { d: string; groundAt: (x: number) => number } {
  const phase = random.next() * Math.PI * 2;
  const frequency = (Math.PI * 2) / random.int(500, 900);
  const groundAt = (x: number): number => baseY + Math.sin(x * frequency + phase) * amplitude;
  let d = '';
  for (let x = -20; x <= WIDTH + 20; x += 40) d += `${d ? 'L' : 'M'}${x} ${num(groundAt(x))}`;
  return { d: `${d}L${WIDTH + 20} ${HEIGHT}L-20 ${HEIGHT}Z`, groundAt };
}

/** A fir tree standing on (x, y): three tiers, or one plain triangle for distant rows. */
export function firPath(x: number, y: number, height: number, tiers: 1 | 3 = 3): string {
  const w = height * 0.42;
  if (tiers === 1) return `M${num(x - w)} ${num(y)}l${num(w)} ${num(-height)}l${num(w)} ${num(height)}Z`;
  // Right side down from the tip, as fractions of the half-width and height; the left side mirrors it.
  const right: ReadonlyArray<readonly [number, number]> = [
    [0.52, 0.36],
    [0.3, 0.36],
    [0.76, 0.67],
    [0.48, 0.67],
    [1, 0.94],
    [0.1, 0.94],
    [0.1, 1.02],
  ];
  const points = [...right, ...[...right].reverse().map(([px, py]) => [-px, py] as const)];
  let d = `M${num(x)} ${num(y - height)}`;
  let previous: readonly [number, number] = [0, 0];
  for (const point of points) {
    d += `l${num((point[0] - previous[0]) * w)} ${num((point[1] - previous[1]) * height)}`;
    previous = point;
  }
  return `${d}Z`;
}

/** A round-topped tree: trunk and a crown of two or three overlapping circles, as path data. */
export function roundTreePath(x: number, y: number, height: number, random: Random): string {
  const r = height * 0.3;
  const trunk = `M${num(x - height * 0.04)} ${num(y)}L${num(x - height * 0.03)} ${num(y - height * 0.5)}L${num(x + height * 0.03)} ${num(y - height * 0.5)}L${num(x + height * 0.04)} ${num(y)}Z`;
  const crown = [
    [0, -height + r],
    [-r * 0.6, -height + r * 1.6],
    [r * 0.6, -height + r * 1.5],
  ]
    .slice(0, random.int(2, 3))
    .map(([dx = 0, dy = 0]) => circlePath(x + dx, y + dy, r * (0.85 + random.next() * 0.2)))
    .join('');
  return trunk + crown;
}

/** A circle as path data, so many can share one element. */
export function circlePath(cx: number, cy: number, r: number): string {
  return `M${num(cx - r)} ${num(cy)}A${num(r)} ${num(r)} 0 1 0 ${num(cx + r)} ${num(cy)}A${num(r)} ${num(r)} 0 1 0 ${num(cx - r)} ${num(cy)}Z`;
}

/** A leafless tree, its branches forking at random: one stroked path per branch thickness. */
export function bareTree(x: number, y: number, height: number, random: Random, colour: string): string {
  const levels: string[] = ['', '', '', ''];
  const grow = (from: Point, angle: number, length: number, depth: number): void => {
    const radians = (angle * Math.PI) / 180;
    const to: Point = [from[0] + Math.sin(radians) * length, from[1] - Math.cos(radians) * length];
    const bend: Point = [(from[0] + to[0]) / 2 + random.int(-4, 4), (from[1] + to[1]) / 2];
    levels[depth] += `M${num(from[0])} ${num(from[1])}Q${num(bend[0])} ${num(bend[1])} ${num(to[0])} ${num(to[1])}`;
    if (depth === levels.length - 1) return;
    const forks = depth === 0 ? 3 : 2;
    for (let fork = 0; fork < forks; fork += 1)
      grow(to, angle + (fork - (forks - 1) / 2) * random.int(28, 44) + random.int(-8, 8), length * 0.68, depth + 1);
  };
  grow([x, y], random.int(-6, 6), height * 0.4, 0);
  return levels
    .map((d, depth) =>
      el('path', {
        d,
        fill: 'none',
        stroke: colour,
        'stroke-width': Math.max(1, height * 0.06 * Math.pow(0.6, depth)),
        'stroke-linecap': 'round',
      }),
    )
    .join('');
}

/** A saguaro: trunk and two arms as one round-capped stroke. */
export function cactus(x: number, y: number, height: number, colour: string, random: Random): string {
  const leftArm = y - height * (0.4 + random.next() * 0.15);
  const rightArm = y - height * (0.5 + random.next() * 0.15);
  const d =
    `M${num(x)} ${num(y)}V${num(y - height)}` +
    `M${num(x)} ${num(leftArm)}H${num(x - height * 0.22)}V${num(leftArm - height * 0.28)}` +
    `M${num(x)} ${num(rightArm)}H${num(x + height * 0.2)}V${num(rightArm - height * 0.22)}`;
  return el('path', {
    d,
    fill: 'none',
    stroke: colour,
    'stroke-width': height * 0.15,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });
}

/** City blocks along a baseline, as one outline; returns the buildings' boxes for windows. */
export function skyline(
  random: Random,
  baseY: number,
  minHeight: number,
  maxHeight: number,
  minWidth: number,
  maxWidth: number,
): { d: string; buildings: Array<{ x: number; top: number; width: number }> } {
  const buildings: Array<{ x: number; top: number; width: number }> = [];
  let d = `M-10 ${HEIGHT}`;
  for (let x = -10; x < WIDTH + 10;) {
    const width = random.int(minWidth, maxWidth);
    const top = baseY - random.int(minHeight, maxHeight);
    const roof = random.next();
    d += `V${top}`;
    if (roof < 0.18 && width > 24) {
      // A thin mast in the middle.
      const middle = x + width / 2;
      d += `H${num(middle - 1.5)}V${top - random.int(14, 30)}H${num(middle + 1.5)}V${top}`;
    } else if (roof < 0.32 && width > 24) {
      // A stepped top.
      d += `H${x + 5}V${top - 8}H${x + width - 5}V${top}`;
    } else if (roof < 0.4) {
      // A spire.
      d += `L${num(x + width / 2)} ${top - random.int(18, 34)}L${x + width} ${top}`;
    }
    d += `H${x + width}`;
    buildings.push({ x, top, width });
    x += width + (random.chance(0.2) ? random.int(2, 8) : 0);
    if (x < WIDTH + 10) d += `V${baseY}H${x}`;
  }
  return { d: `${d}V${HEIGHT}Z`, buildings };
}

/** Lit windows in rows up the buildings: two path strings, in two colours. */
export function windows(
  random: Random,
  buildings: ReadonlyArray<{ x: number; top: number; width: number }>,
  baseY: number,
  litShare: number,
  budget: number,
): [string, string] {
  const lit: [string, string] = ['', ''];
  let drawn = 0;
  for (const building of buildings) {
    for (let y = building.top + 8; y < baseY - 12; y += 11) {
      for (let x = building.x + 5; x < building.x + building.width - 8; x += 8) {
        if (drawn >= budget || !random.chance(litShare)) continue;
        lit[random.chance(0.75) ? 0 : 1] += `M${x} ${y}h4v6h-4Z`;
        drawn += 1;
      }
    }
  }
  return lit;
}

/** A flat-topped desert mesa. */
export function mesaPath(x: number, baseY: number, width: number, height: number): string {
  const top = baseY - height;
  return polygonPath([
    [x, baseY],
    [x + width * 0.12, top + height * 0.25],
    [x + width * 0.16, top],
    [x + width * 0.8, top],
    [x + width * 0.84, top + height * 0.3],
    [x + width * 0.95, top + height * 0.45],
    [x + width, baseY],
  ]);
}

/** An Archimedean spiral as a smooth line, turning `turns` times out to radius `r`. */
export function spiralPath(cx: number, cy: number, r: number, turns: number, start: number): string {
  const points: Point[] = [];
  const steps = Math.round(turns * 14);
  for (let index = 0; index <= steps; index += 1) {
    const t = index / steps;
    const angle = start + t * turns * Math.PI * 2;
    points.push([cx + Math.cos(angle) * r * t, cy + Math.sin(angle) * r * t]);
  }
  return smoothPath(points);
}
