import type { Motif } from '../lexicon/style-lexicon';
import type { Random } from '../prng';
import { darken, lighten, mix } from './colour';
import { landmark, type Landmark } from './landmarks';
import type { SceneColours, TimeOfDay } from './scene-colours';
import {
  bareTree,
  cactus,
  circlePath,
  firPath,
  groundLine,
  hillsPath,
  mesaPath,
  rangePath,
  roundTreePath,
  skyline,
  spiralPath,
  windows,
} from './shapes';
import { mist } from './sky';
import { el, HEIGHT, num, polygonPath, smoothPath, WIDTH, type Defs, type Point } from './svg';

/** The lands that draw no building: a skyline is its own, and sand and dream plains stand bare. */
export const LANDS_WITHOUT_LANDMARKS: ReadonlySet<Motif> = new Set<Motif>(['city', 'desert', 'spiral']);

export interface LandscapeOptions {
  motif: Motif;
  horizonY: number;
  /** Where the nearest ground lies, about: figures stand on it. */
  groundY: number;
  landmark: Landmark;
  /** Where the sun or moon is, for its shine on water. */
  celestialX: number;
  time: TimeOfDay;
  /** Keeps tall things at the picture's edges, clear of the figures in the middle. */
  keepClear: readonly [number, number];
}

export interface Landscape {
  /** Everything behind the figures' ground: far and middle layers, haze. */
  back: string;
  /** The nearest ground and what stands on it. */
  front: string;
  /** The height of the nearest ground at x. */
  groundAt: (x: number) => number;
}

const lit = (time: TimeOfDay): boolean => time === 'night' || time === 'dusk';

/** An x near one edge of the picture, outside the middle band kept for figures. */
function edgeX(random: Random, keepClear: readonly [number, number]): number {
  return random.chance(0.5)
    ? random.int(-10, Math.max(0, keepClear[0] - 30))
    : random.int(Math.min(WIDTH, keepClear[1] + 30), WIDTH + 10);
}

/** A low rise for a landmark to stand on, in the colour of the layer it belongs to. */
function knoll(x: number, y: number, width: number, colour: string): string {
  return el('path', {
    d: `M${num(x - width)} ${num(y + 30)}Q${num(x - width * 0.45)} ${num(y - 2)} ${num(x)} ${num(y)}Q${num(x + width * 0.45)} ${num(y - 2)} ${num(x + width)} ${num(y + 30)}Z`,
    fill: colour,
  });
}

function windowLight(colours: SceneColours, time: TimeOfDay): string | undefined {
  return lit(time) ? colours.highlight : undefined;
}

export function drawLandscape(random: Random, defs: Defs, colours: SceneColours, options: LandscapeOptions): Landscape {
  const { horizonY, groundY, time } = options;
  const far = random.fork('far');
  const middle = random.fork('middle');
  const near = random.fork('near');
  const ground = groundLine(near, groundY, options.motif === 'city' ? 0 : near.int(4, 10));
  let back = '';
  let front = el('path', { d: ground.d, fill: colours.near });
  const landmarkX = middle.int(110, WIDTH - 110);
  const landmarkSize = middle.int(46, 70);

  switch (options.motif) {
    case 'mountains': {
      const ranges = rangePath(far, horizonY + 10, 60, Math.min(170, horizonY - 20), far.int(3, 5), 80);
      back += el('path', { d: ranges.d, fill: colours.far });
      back += el('path', { d: ranges.snow, fill: mix(colours.haze, colours.far, 0.15), 'fill-opacity': 0.9 });
      const hills = rangePath(middle, horizonY + 45, 25, 90, middle.int(5, 7), 70);
      back += el('path', { d: hills.d, fill: colours.mid });
      back += el('path', { d: hills.snow, fill: mix(colours.haze, colours.mid, 0.35), 'fill-opacity': 0.85 });
      back += mist(defs, middle, colours, horizonY + 40);
      if (options.landmark !== 'none') {
        back += knoll(landmarkX, horizonY + 52, 90, colours.mid);
        back += landmark(
          options.landmark,
          landmarkX,
          horizonY + 54,
          landmarkSize,
          colours.mid,
          windowLight(colours, time),
        );
      }
      let firs = '';
      for (let index = near.int(3, 6); index > 0; index -= 1) {
        const x = edgeX(near, options.keepClear);
        firs += firPath(x, ground.groundAt(x) + 4, near.int(60, 130));
      }
      front += el('path', { d: firs, fill: colours.near });
      break;
    }
    case 'trees': {
      const farLine = groundLine(far, horizonY + 5, 8);
      let farFirs = '';
      for (let x = -10; x < WIDTH + 10; x += far.int(9, 15))
        farFirs += firPath(x, farLine.groundAt(x) + 2, far.int(18, 38), 1);
      back += el('path', { d: farLine.d + farFirs, fill: colours.far });
      const middleLine = groundLine(middle, horizonY + 38, 10);
      let middleFirs = '';
      for (let x = -10; x < WIDTH + 10; x += middle.int(14, 24)) {
        if (options.landmark !== 'none' && Math.abs(x - landmarkX) < landmarkSize * 0.7) continue;
        middleFirs += firPath(x, middleLine.groundAt(x) + 3, middle.int(40, 80));
      }
      back += el('path', { d: middleLine.d + middleFirs, fill: colours.mid });
      if (options.landmark !== 'none')
        back += landmark(
          options.landmark,
          landmarkX,
          middleLine.groundAt(landmarkX) + 2,
          landmarkSize * 0.8,
          colours.mid,
          windowLight(colours, time),
        );
      back += mist(defs, middle, colours, horizonY + 35, 0.28);
      // Two or three big trees of one kind, apart from each other, at the edges.
      let big = '';
      const firs = near.chance(0.6);
      const wanted = near.int(2, 3);
      const placed: number[] = [];
      for (let attempt = 0; attempt < 12 && placed.length < wanted; attempt += 1) {
        const x = edgeX(near, options.keepClear);
        if (placed.some((other) => Math.abs(other - x) < 90)) continue;
        placed.push(x);
        big += firs
          ? firPath(x, ground.groundAt(x) + 6, near.int(150, 240))
          : roundTreePath(x, ground.groundAt(x) + 4, near.int(120, 180), near);
      }
      front += el('path', { d: big, fill: colours.near });
      break;
    }
    case 'city': {
      const farCity = skyline(far, horizonY + 25, 40, Math.min(170, horizonY - 10), 16, 40);
      back += el('path', { d: farCity.d, fill: colours.far });
      const [farLit] = windows(far, farCity.buildings, horizonY + 25, lit(time) ? 0.12 : 0, 40);
      back += el('path', { d: farLit, fill: mix(colours.highlight, colours.far, 0.45) });
      back += mist(defs, middle, colours, horizonY + 30, 0.25);
      const middleCity = skyline(middle, horizonY + 70, 30, 130, 30, 70);
      back += el('path', { d: middleCity.d, fill: colours.mid });
      const [warm, neon] = windows(middle, middleCity.buildings, horizonY + 70, lit(time) ? 0.3 : 0.06, 120);
      back += el('path', { d: warm, fill: lit(time) ? colours.highlight : lighten(colours.mid, 0.25) });
      back += el('path', { d: neon, fill: lit(time) ? lighten(colours.accent, 0.2) : lighten(colours.mid, 0.15) });
      // Street lamps, their light pooling when it is dark.
      for (let index = near.int(1, 2); index > 0; index -= 1) {
        const x = edgeX(near, options.keepClear);
        const top = groundY - near.int(110, 150);
        if (lit(time)) {
          const glow = defs.radial([
            { colour: colours.highlight, offset: 0, opacity: 0.55 },
            { colour: colours.highlight, offset: 1, opacity: 0 },
          ]);
          front += el('circle', { cx: x + 14, cy: top + 8, r: 60, fill: glow });
        }
        front += el('path', {
          d: `M${x} ${groundY + 2}V${top}Q${x} ${top - 8} ${x + 14} ${top - 6}`,
          fill: 'none',
          stroke: colours.figure,
          'stroke-width': 4,
        });
        front += el('path', { d: `M${x + 7} ${top - 4}h14l-3 10h-8Z`, fill: colours.figure });
        front += el('circle', { cx: x + 14, cy: top + 7, r: 3.5, fill: lit(time) ? colours.highlight : colours.mid });
      }
      // A kerb line along the street.
      front += el('path', { d: `M0 ${groundY + 12}H${WIDTH}`, stroke: lighten(colours.near, 0.12), 'stroke-width': 2 });
      break;
    }
    case 'desert': {
      let mesas = '';
      for (let index = far.int(2, 3); index > 0; index -= 1)
        mesas += mesaPath(far.int(-60, WIDTH - 60), horizonY + 8, far.int(90, 200), far.int(30, 90));
      back += el('path', { d: mesas + hillsPath(far, horizonY + 12, 10, 4), fill: colours.far });
      const dunes = hillsPath(middle, horizonY + 48, 30, middle.int(2, 4));
      back += el('path', { d: dunes, fill: colours.mid });
      back += el('path', { d: hillsPath(middle, horizonY + 70, 22, 3), fill: mix(colours.mid, colours.near, 0.5) });
      let shrubs = '';
      for (let index = 0; index < 8; index += 1) {
        const x = near.int(0, WIDTH);
        shrubs += circlePath(x, ground.groundAt(x) + near.int(8, 40), near.int(2, 5));
      }
      front += el('path', { d: shrubs, fill: darken(colours.near, 0.25) });
      for (let index = near.int(1, 3); index > 0; index -= 1) {
        const x = edgeX(near, options.keepClear);
        front += cactus(x, ground.groundAt(x) + 6, near.int(50, 120), colours.figure, near);
      }
      break;
    }
    case 'waves': {
      // A distant headland, the sea with the light's path across it, wave marks, a boat.
      const start = far.int(-40, 300);
      const width = far.int(160, 300);
      const headland: Point[] = [
        [start, horizonY + 1],
        [start + width * 0.25, horizonY - far.int(10, 30)],
        [start + width * 0.55, horizonY - far.int(20, 45)],
        [start + width, horizonY + 1],
      ];
      back += el('path', { d: `${smoothPath(headland)}Z`, fill: colours.far });
      if (options.landmark !== 'none')
        back += landmark(
          options.landmark,
          start + width * 0.5,
          horizonY - 20,
          landmarkSize * 0.7,
          colours.far,
          windowLight(colours, time),
        );
      const sea = defs.linear([
        { colour: mix(colours.skyHorizon, colours.mid, 0.35), offset: 0 },
        { colour: mix(colours.mid, colours.near, 0.5), offset: 1 },
      ]);
      back += el('rect', { y: horizonY, width: WIDTH, height: HEIGHT - horizonY, fill: sea });
      let shine = '';
      for (let y = horizonY + 4; y < HEIGHT; y += 7 + (y - horizonY) * 0.06) {
        // Broken streaks, wider nearer, as light lies on moving water.
        const half = (6 + (y - horizonY) * 0.22) * (0.4 + middle.next());
        const gap = middle.int(2, 10);
        const left = options.celestialX - half + middle.int(-8, 8);
        shine += `M${num(left)} ${num(y)}h${num(half - gap / 2)}m${gap} 0h${num(half - gap / 2)}`;
      }
      back += el('path', {
        d: shine,
        stroke: colours.glow,
        'stroke-width': 2.5,
        'stroke-opacity': 0.45,
        'stroke-linecap': 'round',
      });
      let marks = '';
      for (let index = 0; index < 45; index += 1) {
        const depth = Math.pow(middle.next(), 0.7);
        const y = horizonY + 6 + depth * (HEIGHT - horizonY);
        const size = 4 + depth * 14;
        marks += `M${middle.int(0, WIDTH)} ${num(y)}q${num(size / 2)} ${num(-size / 3)} ${num(size)} 0`;
      }
      back += el('path', { d: marks, fill: 'none', stroke: colours.haze, 'stroke-width': 1.5, 'stroke-opacity': 0.35 });
      const boatX = Math.min(WIDTH - 50, Math.max(50, edgeX(middle, options.keepClear)));
      const boatY = horizonY + middle.int(20, 60);
      const b = 0.5 + (boatY - horizonY) / 80;
      back += el('path', {
        d:
          `M${num(boatX - 30 * b)} ${num(boatY - 5 * b)}h${num(62 * b)}l${num(-10 * b)} ${num(11 * b)}h${num(-44 * b)}Z` +
          `M${num(boatX)} ${num(boatY - 5 * b)}v${num(-52 * b)}h${num(1.8 * b)}v${num(52 * b)}Z`,
        fill: colours.figure,
      });
      back += el('path', {
        d:
          `M${num(boatX + 2.5 * b)} ${num(boatY - 55 * b)}L${num(boatX + 26 * b)} ${num(boatY - 9 * b)}H${num(boatX + 2.5 * b)}Z` +
          `M${num(boatX - 1.5 * b)} ${num(boatY - 48 * b)}L${num(boatX - 22 * b)} ${num(boatY - 9 * b)}H${num(boatX - 1.5 * b)}Z`,
        fill: colours.highlight,
      });
      break;
    }
    case 'moon': {
      back += el('path', { d: hillsPath(far, horizonY + 8, 45, far.int(3, 5)), fill: colours.far });
      if (options.landmark !== 'none') {
        back += knoll(landmarkX, horizonY + 28, 100, colours.mid);
        back += landmark(
          options.landmark,
          landmarkX,
          horizonY + 30,
          landmarkSize,
          colours.mid,
          windowLight(colours, time),
        );
      }
      const middleLine = groundLine(middle, horizonY + 45, 10);
      back += el('path', { d: middleLine.d, fill: colours.mid });
      for (let index = middle.int(2, 4); index > 0; index -= 1) {
        const x = middle.int(0, WIDTH);
        back += bareTree(x, middleLine.groundAt(x) + 3, middle.int(50, 100), middle, colours.mid);
      }
      back += mist(defs, middle, colours, horizonY + 48, 0.45);
      const x = edgeX(near, options.keepClear);
      front += bareTree(x, ground.groundAt(x) + 6, near.int(170, 240), near, colours.near);
      break;
    }
    case 'stars': {
      back += el('path', { d: hillsPath(far, horizonY + 6, 22, far.int(3, 5)), fill: colours.far });
      const middleLine = groundLine(middle, horizonY + 36, 12);
      back += el('path', { d: middleLine.d, fill: colours.mid });
      back += landmark(
        options.landmark,
        landmarkX,
        middleLine.groundAt(landmarkX) + 3,
        landmarkSize,
        colours.mid,
        windowLight(colours, time),
      );
      let rocks = '';
      for (let index = 0; index < 5; index += 1) {
        const x = near.int(0, WIDTH);
        const r = near.int(5, 16);
        rocks += `M${x - r} ${num(ground.groundAt(x) + 2)}Q${x} ${num(ground.groundAt(x) - r * 1.3)} ${x + r} ${num(ground.groundAt(x) + 2)}Z`;
      }
      front += el('path', { d: rocks, fill: colours.near });
      break;
    }
    case 'sun': {
      back += el('path', { d: hillsPath(far, horizonY + 10, 40, far.int(2, 4)), fill: colours.far });
      const middleLine = groundLine(middle, horizonY + 40, 14);
      let trees = '';
      for (let index = middle.int(3, 6); index > 0; index -= 1) {
        const x = middle.int(0, WIDTH);
        if (options.landmark !== 'none' && Math.abs(x - landmarkX) < landmarkSize) continue;
        trees += roundTreePath(x, middleLine.groundAt(x) + 2, middle.int(30, 60), middle);
      }
      back += el('path', { d: middleLine.d + trees, fill: colours.mid });
      back += landmark(
        options.landmark,
        landmarkX,
        middleLine.groundAt(landmarkX) + 2,
        landmarkSize * 0.8,
        colours.mid,
        windowLight(colours, time),
      );
      const flowers: [string, string] = ['', ''];
      for (let index = 0; index < 30; index += 1) {
        const x = near.int(0, WIDTH);
        flowers[index % 2] += `M${x} ${num(ground.groundAt(x) + near.int(6, HEIGHT - groundY))}h0.1`;
      }
      const dots = { fill: 'none', 'stroke-linecap': 'round', 'stroke-width': 4.5 };
      front += el('path', { d: flowers[0], stroke: lighten(colours.accent, 0.15), ...dots });
      front += el('path', { d: flowers[1], stroke: colours.highlight, ...dots });
      break;
    }
    case 'spiral': {
      // A dream plain: a spiral turning in the sky, floating spheres and an island, obelisks with long shadows.
      const cx = far.int(120, WIDTH - 120);
      back += el('path', {
        d: spiralPath(cx, horizonY * 0.45, far.int(110, 170), 3.2, far.next() * Math.PI * 2),
        fill: 'none',
        stroke: colours.accent,
        'stroke-width': 5,
        'stroke-opacity': 0.35,
        'stroke-linecap': 'round',
      });
      back += el('path', { d: hillsPath(far, horizonY + 4, 6, 3), fill: colours.far });
      const islandX = far.int(60, WIDTH - 60);
      const islandY = far.int(60, Math.max(70, horizonY - 80));
      back += el('path', {
        d: `M${islandX - 50} ${islandY}Q${islandX} ${islandY - 14} ${islandX + 50} ${islandY}L${islandX + 8} ${islandY + 60}Z`,
        fill: colours.far,
      });
      back += el('path', { d: roundTreePath(islandX + 10, islandY - 6, 40, far), fill: colours.far });
      const middleLine = groundLine(middle, horizonY + 30, 4);
      back += el('path', { d: middleLine.d, fill: colours.mid });
      let shadows = '';
      let obelisks = '';
      for (let index = middle.int(2, 4); index > 0; index -= 1) {
        const x = middle.int(20, WIDTH - 20);
        const y = middleLine.groundAt(x) + middle.int(2, 30);
        const h = middle.int(40, 110);
        const w = h * 0.12;
        obelisks += polygonPath([
          [x - w, y],
          [x - w * 0.7, y - h],
          [x, y - h - w * 1.5],
          [x + w * 0.7, y - h],
          [x + w, y],
        ]);
        shadows += polygonPath([
          [x - w, y],
          [x + w, y],
          [x + w + h * 1.6, y + h * 0.18],
          [x + w + h * 1.4, y + h * 0.22],
        ]);
      }
      back += el('path', { d: shadows, fill: colours.figure, 'fill-opacity': 0.25 });
      back += el('path', { d: obelisks, fill: colours.mid });
      for (let index = middle.int(2, 3); index > 0; index -= 1) {
        const r = middle.int(10, 30);
        const x = middle.int(40, WIDTH - 40);
        const y = middle.int(40, horizonY - 10);
        const fill = defs.radial(
          [
            { colour: lighten(colours.accent, 0.5), offset: 0 },
            { colour: colours.accent, offset: 0.6 },
            { colour: darken(colours.accent, 0.45), offset: 1 },
          ],
          [0.32, 0.3],
        );
        back += el('ellipse', {
          cx: x,
          cy: middleLine.groundAt(x) + 20,
          rx: r * 1.2,
          ry: r * 0.2,
          fill: colours.figure,
          'fill-opacity': 0.2,
        });
        back += el('circle', { cx: x, cy: y, r, fill });
      }
      const stairsX = edgeX(near, options.keepClear);
      const base = ground.groundAt(stairsX) + 6;
      let stairs = `M${stairsX} ${num(base)}`;
      for (let step = 0; step < 6; step += 1) stairs += `v-14h16`;
      front += el('path', { d: `${stairs}V${num(base)}Z`, fill: colours.near });
      break;
    }
  }
  return { back, front, groundAt: ground.groundAt };
}
