import type { Random } from '../prng';
import { darken, lighten, mix } from './colour';
import type { SceneColours, TimeOfDay } from './scene-colours';
import { el, HEIGHT, num, WIDTH, type Defs } from './svg';

/** What hangs in the sky. */
export type Celestial = 'sun' | 'moon' | 'crescent' | 'planet';
export type Weather = 'clear' | 'clouds' | 'rain' | 'snow';

/** The sky from the top down to the horizon, and below it the horizon colour (hidden by the land). */
export function skyBackdrop(defs: Defs, colours: SceneColours, horizonY: number): string {
  const fill = defs.linear([
    { colour: colours.skyTop, offset: 0 },
    { colour: mix(colours.skyTop, colours.skyHorizon, 0.55), offset: Math.max(0.05, (horizonY / HEIGHT) * 0.6) },
    { colour: colours.skyHorizon, offset: Math.min(1, horizonY / HEIGHT) },
  ]);
  return el('rect', { width: WIDTH, height: HEIGHT, fill });
}

/** Dots of light above the horizon: round-capped strokes of no length, many to one path. */
export function stars(random: Random, colours: SceneColours, horizonY: number, count: number): string {
  const groups: string[][] = [[], []];
  for (let index = 0; index < count; index += 1) {
    const x = random.int(4, WIDTH - 4);
    // More stars high up, where the sky is darkest.
    const y = Math.round(Math.pow(random.next(), 1.6) * (horizonY - 40)) + 4;
    groups[index % 2]?.push(`M${x} ${y}h0.1`);
  }
  const [small = [], large = []] = groups;
  const sparkles: string[] = [];
  for (let index = 0; index < Math.max(1, Math.floor(count / 18)); index += 1) {
    const x = random.int(20, WIDTH - 20);
    const y = random.int(14, Math.max(20, Math.round(horizonY * 0.5)));
    const r = random.int(4, 7);
    const w = r / 4;
    sparkles.push(
      `M${x} ${y - r}L${num(x + w)} ${num(y - w)}L${x + r} ${y}L${num(x + w)} ${num(y + w)}L${x} ${y + r}` +
        `L${num(x - w)} ${num(y + w)}L${x - r} ${y}L${num(x - w)} ${num(y - w)}Z`,
    );
  }
  const style = { fill: 'none', stroke: colours.celestial, 'stroke-linecap': 'round' };
  return (
    el('path', { d: small.join(''), ...style, 'stroke-width': 1.6, 'stroke-opacity': 0.55 }) +
    el('path', { d: large.join(''), ...style, 'stroke-width': 2.6, 'stroke-opacity': 0.85 }) +
    el('path', { d: sparkles.join(''), fill: colours.celestial })
  );
}

/** A soft halo behind a sun or moon. */
function halo(defs: Defs, x: number, y: number, r: number, colours: SceneColours, strength: number): string {
  const fill = defs.radial([
    { colour: colours.glow, offset: 0, opacity: strength },
    { colour: colours.glow, offset: 0.35, opacity: strength * 0.45 },
    { colour: colours.glow, offset: 1, opacity: 0 },
  ]);
  return el('circle', { cx: x, cy: y, r, fill });
}

export function celestialBody(
  defs: Defs,
  random: Random,
  kind: Celestial,
  x: number,
  y: number,
  r: number,
  colours: SceneColours,
  time: TimeOfDay,
): string {
  switch (kind) {
    case 'sun': {
      const low = time === 'dawn' || time === 'dusk';
      return (
        halo(defs, x, y, r * (low ? 4 : 3.2), colours, low ? 0.7 : 0.55) +
        el('circle', { cx: x, cy: y, r, fill: colours.celestial })
      );
    }
    case 'moon': {
      const crater = darken(colours.celestial, 0.12);
      return (
        halo(defs, x, y, r * 3, colours, 0.4) +
        el('circle', { cx: x, cy: y, r, fill: colours.celestial }) +
        el('circle', { cx: x - r * 0.3, cy: y - r * 0.2, r: r * 0.22, fill: crater, 'fill-opacity': 0.6 }) +
        el('circle', { cx: x + r * 0.35, cy: y + r * 0.25, r: r * 0.15, fill: crater, 'fill-opacity': 0.5 }) +
        el('circle', { cx: x + r * 0.1, cy: y - r * 0.5, r: r * 0.1, fill: crater, 'fill-opacity': 0.5 })
      );
    }
    case 'crescent': {
      // Outer arc round the left side, inner arc back: a waxing crescent lit from the right.
      const side = random.chance(0.5) ? 1 : -1;
      const d =
        `M${num(x)} ${num(y - r)}A${num(r)} ${num(r)} 0 1 ${side > 0 ? 1 : 0} ${num(x)} ${num(y + r)}` +
        `A${num(r * 0.62)} ${num(r)} 0 1 ${side > 0 ? 0 : 1} ${num(x)} ${num(y - r)}Z`;
      return halo(defs, x, y, r * 3, colours, 0.35) + el('path', { d, fill: colours.celestial });
    }
    case 'planet': {
      const body = defs.radial(
        [
          { colour: lighten(colours.accent, 0.35), offset: 0 },
          { colour: colours.accent, offset: 0.55 },
          { colour: darken(colours.accent, 0.55), offset: 1 },
        ],
        [0.3, 0.3],
      );
      const tilt = random.int(-24, -8);
      const ring = (front: boolean): string =>
        el('path', {
          d: `M${num(-r * 1.9)} 0A${num(r * 1.9)} ${num(r * 0.45)} 0 0 ${front ? 0 : 1} ${num(r * 1.9)} 0`,
          fill: 'none',
          stroke: colours.celestial,
          'stroke-width': Math.max(2, r * 0.12),
          'stroke-opacity': 0.75,
          transform: `translate(${num(x)} ${num(y)}) rotate(${tilt})`,
        });
      return (
        halo(defs, x, y, r * 2.2, colours, 0.3) +
        ring(false) +
        el('circle', { cx: x, cy: y, r, fill: body }) +
        ring(true)
      );
    }
  }
}

/** A flat-bottomed cloud of round puffs, its middle ones taller. */
function cloud(x: number, y: number, width: number, random: Random): string {
  const puffs = random.int(3, 5);
  const step = width / puffs;
  let d = `M${num(x)} ${num(y)}`;
  for (let index = 0; index < puffs; index += 1) {
    const middle = 1 - Math.abs(index - (puffs - 1) / 2) / puffs;
    const r = step * (0.5 + middle * 0.35 + random.next() * 0.12);
    d += `A${num(r)} ${num(r)} 0 1 1 ${num(x + step * (index + 1))} ${num(y)}`;
  }
  return d + 'Z';
}

export function clouds(random: Random, colours: SceneColours, horizonY: number, count: number, opacity = 0.85): string {
  const shapes: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const width = random.int(70, 160);
    const x = random.int(-40, WIDTH - width + 40);
    const y = random.int(50, Math.max(60, horizonY - 60));
    shapes.push(cloud(x, y, width, random));
  }
  // A shaded copy a little lower shows under each cloud as its underside.
  return (
    el('path', {
      d: shapes.join(''),
      fill: darken(colours.haze, 0.2),
      'fill-opacity': opacity * 0.6,
      transform: 'translate(0 5)',
    }) + el('path', { d: shapes.join(''), fill: colours.haze, 'fill-opacity': opacity })
  );
}

export function rain(random: Random, colours: SceneColours, count: number): string {
  let d = '';
  for (let index = 0; index < count; index += 1) {
    const length = random.int(10, 22);
    d += `M${random.int(0, WIDTH + 60)} ${random.int(-10, HEIGHT)}l${num(-length * 0.3)} ${length}`;
  }
  return el('path', { d, fill: 'none', stroke: colours.haze, 'stroke-width': 1.4, 'stroke-opacity': 0.45 });
}

export function snow(random: Random, colours: SceneColours, count: number): string {
  const paths: string[] = ['', ''];
  for (let index = 0; index < count; index += 1)
    paths[index % 2] += `M${random.int(0, WIDTH)} ${random.int(0, HEIGHT)}h0.1`;
  const style = { fill: 'none', stroke: lighten(colours.haze, 0.5), 'stroke-linecap': 'round' };
  return (
    el('path', { d: paths[0], ...style, 'stroke-width': 3, 'stroke-opacity': 0.8 }) +
    el('path', { d: paths[1], ...style, 'stroke-width': 5, 'stroke-opacity': 0.6 })
  );
}

/** Long pale banks lying over the land, fading out at their edges. */
export function mist(defs: Defs, random: Random, colours: SceneColours, y: number, opacity = 0.35): string {
  const fill = defs.radial([
    { colour: colours.haze, offset: 0, opacity },
    { colour: colours.haze, offset: 0.6, opacity: opacity * 0.6 },
    { colour: colours.haze, offset: 1, opacity: 0 },
  ]);
  let out = '';
  for (let index = 0; index < 3; index += 1)
    out += el('ellipse', {
      cx: random.int(40, WIDTH - 40),
      cy: y + random.int(-10, 14),
      rx: random.int(200, 340),
      ry: random.int(14, 26),
      fill,
    });
  return out;
}
