import { el, num, type Point } from './svg';

/**
 * Human silhouettes: a head, a torso and limbs drawn as round-capped strokes
 * whose joints follow a pose. Drawn in a 100-unit-tall frame with the feet at
 * the origin and the figure facing +x, then placed with one transform.
 */

export type Pose = 'standing' | 'walking' | 'pointing' | 'arms_raised';
export const POSES: readonly Pose[] = ['standing', 'walking', 'pointing', 'arms_raised'];

export type Outfit = 'plain' | 'dress' | 'coat' | 'cloak';
export const OUTFITS: readonly Outfit[] = ['plain', 'dress', 'coat', 'cloak'];

export type Hat = 'none' | 'brimmed' | 'fedora';

/** [upper, lower] limb angles in degrees from straight down, positive towards the way the figure faces. */
type Limb = readonly [number, number];

const POSE_LIMBS: Record<Pose, { legs: readonly [Limb, Limb]; arms: readonly [Limb, Limb] }> = {
  standing: {
    legs: [
      [5, 0],
      [-5, -1],
    ],
    arms: [
      [9, 5],
      [-9, -4],
    ],
  },
  walking: {
    legs: [
      [24, 6],
      [-18, -42],
    ],
    arms: [
      [-26, -10],
      [30, 58],
    ],
  },
  pointing: {
    legs: [
      [9, 2],
      [-7, -1],
    ],
    arms: [
      [84, 90],
      [-10, -3],
    ],
  },
  arms_raised: {
    legs: [
      [10, 3],
      [-10, -3],
    ],
    arms: [
      [148, 168],
      [-148, -168],
    ],
  },
};

const HIP_Y = -46;
const SHOULDER_Y = -77;
const THIGH = 24;
const SHIN = 23;
const UPPER_ARM = 16;
const FOREARM = 15;

function joint(from: Point, angle: number, length: number): Point {
  const radians = (angle * Math.PI) / 180;
  return [from[0] + Math.sin(radians) * length, from[1] + Math.cos(radians) * length];
}

function limbPath(start: Point, [upper, lower]: Limb, first: number, second: number): string {
  const middle = joint(start, upper, first);
  const end = joint(middle, lower, second);
  return `M${num(start[0])} ${num(start[1])}L${num(middle[0])} ${num(middle[1])}L${num(end[0])} ${num(end[1])}`;
}

const OUTFIT_PATHS: Record<Outfit, string> = {
  plain: '',
  dress: 'M-4.5 -60L4.5 -60L13 -24Q0 -21 -13 -24Z',
  coat: 'M-7 -78L7 -78L10 -21L-10 -21Z',
  cloak: 'M-6 -81L6 -81L16 -6Q0 -2 -16 -6Z',
};

const HAT_PATHS: Record<Hat, string> = {
  none: '',
  brimmed: 'M-14 -95Q0 -100 14 -95Q0 -92 -14 -95ZM-6 -96L-5.5 -104Q0 -102 5.5 -104L6 -96Z',
  fedora: 'M-11 -95.5Q0 -98 11 -95.5Q0 -93.5 -11 -95.5ZM-6.5 -96L-5.5 -103L0 -101.5L5.5 -103L6.5 -96Z',
};

export interface FigureOptions {
  x: number;
  /** Where the feet stand. */
  y: number;
  /** Height in pixels. */
  height: number;
  /** 1 faces right, -1 left. */
  facing: 1 | -1;
  pose: Pose;
  outfit: Outfit;
  hat: Hat;
  colour: string;
}

export function figure(options: FigureOptions): string {
  const limbs = POSE_LIMBS[options.pose];
  const scale = options.height / 100;
  const legs = limbs.legs.map((leg, index) => limbPath([index === 0 ? 2.5 : -2.5, HIP_Y], leg, THIGH, SHIN));
  const arms = limbs.arms.map((arm, index) =>
    limbPath([index === 0 ? 5.5 : -5.5, SHOULDER_Y + 2], arm, UPPER_ARM, FOREARM),
  );
  // Thighs and upper arms drawn again, thicker, so the limbs taper.
  const thighs = legs.map((leg) => leg.slice(0, leg.lastIndexOf('L'))).join('');
  const upperArms = arms.map((arm) => arm.slice(0, arm.lastIndexOf('L'))).join('');
  const body =
    OUTFIT_PATHS[options.outfit] +
    'M-7.5 -75Q-7.5 -81 -2.5 -81L2.5 -81Q7.5 -81 7.5 -75L5.5 -44L-5.5 -44Z' +
    'M-2.2 -84L2.2 -84L2.2 -80L-2.2 -80Z' +
    HAT_PATHS[options.hat];
  const limbStyle = { fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  return el(
    'g',
    {
      transform: `translate(${num(options.x)} ${num(options.y)}) scale(${num(scale * options.facing)} ${num(scale)})`,
      fill: options.colour,
      stroke: options.colour,
    },
    el('path', { d: legs.join(''), ...limbStyle, 'stroke-width': 6 }) +
      el('path', { d: thighs, ...limbStyle, 'stroke-width': 8.5 }) +
      el('path', { d: arms.join(''), ...limbStyle, 'stroke-width': 4.2 }) +
      el('path', { d: upperArms, ...limbStyle, 'stroke-width': 5.6 }) +
      el('path', { d: body, stroke: 'none' }) +
      el('circle', { cx: 0.5, cy: -90, r: 7.6, stroke: 'none' }),
  );
}

/** The face side of the profile below, for a rim of light along it. */
const PROFILE_FACE =
  'M28 -199C46 -191 54 -172 50 -150L51 -140L64 -121L52 -116L55 -108L50 -104L53 -97C52 -86 42 -82 30 -84';

/**
 * Head and shoulders in profile, for close-ups: `height` is from the chest to
 * the crown, facing +x, with a rim of `rim` light along the face.
 */
export function bust(
  x: number,
  bottom: number,
  height: number,
  facing: 1 | -1,
  colour: string,
  rim: string,
  hat: Hat,
): string {
  const scale = height / 200;
  const hatPath: Record<Hat, string> = {
    none: '',
    brimmed: 'M-84 -180Q0 -196 88 -178Q0 -166 -84 -180ZM-40 -178L-34 -218Q2 -211 36 -218L42 -176Z',
    fedora: 'M-74 -180Q0 -193 78 -179Q0 -170 -74 -180ZM-42 -178L-35 -212L2 -204L36 -212L44 -177Z',
  };
  return el(
    'g',
    { transform: `translate(${num(x)} ${num(bottom)}) scale(${num(scale * facing)} ${num(scale)})` },
    el('path', {
      d: hat === 'none' ? PROFILE_FACE : PROFILE_FACE.slice(PROFILE_FACE.indexOf('L51')).replace(/^L/, 'M'),
      fill: 'none',
      stroke: rim,
      'stroke-width': 5,
      'stroke-opacity': 0.7,
      'stroke-linejoin': 'round',
    }) +
      el('path', {
        d:
          'M-100 0C-100 -42 -78 -60 -30 -70L-22 -98C-52 -112 -54 -184 -6 -196C30 -202 54 -178 50 -150' +
          'L51 -140L64 -121L52 -116L55 -108L50 -104L53 -97C52 -86 42 -82 30 -84L24 -70C74 -62 100 -40 100 0Z' +
          hatPath[hat],
        fill: colour,
      }),
  );
}

/** Head and shoulders seen from behind, for over-the-shoulder shots. */
export function backOfHead(x: number, bottom: number, height: number, colour: string): string {
  const scale = height / 200;
  return el('path', {
    d: 'M-110 0C-110 -50 -80 -70 -38 -80L-34 -104C-60 -120 -60 -196 0 -198C60 -196 60 -120 34 -104L38 -80C80 -70 110 -50 110 0Z',
    fill: colour,
    transform: `translate(${num(x)} ${num(bottom)}) scale(${num(scale)})`,
  });
}
