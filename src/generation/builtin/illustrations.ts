import { isBackMatter, type BookChapter, type BookDocument, type BookImage } from '../../book/book-document';
import { primaryLanguage } from '../../book/language-tag';
import type { PictureHints } from '../book-provider';
import { mix } from './illustration/colour';
import { backOfHead, bust, figure, OUTFITS, POSES, type Hat, type Outfit, type Pose } from './illustration/figures';
import { drawLandscape, LANDS_WITHOUT_LANDMARKS } from './illustration/landscape';
import type { Landmark } from './illustration/landmarks';
import { readPanelDirection, type PanelDirection } from './illustration/panel-direction';
import { sceneColours, type SceneColours, type TimeOfDay } from './illustration/scene-colours';
import { describeDrawing, readScene, withinScene, type SceneReading } from './illustration/scene-reading';
import {
  celestialBody,
  clouds,
  rain,
  skyBackdrop,
  snow,
  stars,
  type Celestial,
  type Weather,
} from './illustration/sky';
import { Defs, el, escapeXml, HEIGHT, idPrefix, WIDTH } from './illustration/svg';
import type { ConcreteStyle, Motif } from './lexicon/style-lexicon';
import { STYLE_LEXICONS } from './lexicon/style-lexicons';
import { hashString, Random } from './prng';
import { blockTexts } from './text';

/**
 * The builtin illustrations: flat-style scenes drawn as small SVG files in
 * the style's palette and motif. A scene is built in layers (a sky lit for a
 * time of day, sun or moon or weather, two or three layers of land fading
 * into the distance, then people), every choice drawn from the picture's own
 * seeded stream, so the same book always gets the same pictures.
 */

export type PictureKind = 'cover' | 'chapter' | 'panel';

export interface PictureRequest {
  /** The BookImage id; also seeds the picture and prefixes its gradient ids. */
  id: string;
  /**
   * Alternative text; for a panel, its artist direction, which the picture
   * follows. Without it the alt text says what was drawn, after `label`.
   */
  alt?: string;
  /** What the alt text opens with when it describes the drawing ("Cover of The Map"). */
  label?: string;
  style: ConcreteStyle;
  seed: string;
  kind: PictureKind;
  /** Character names, so a panel shows as many people as its direction names. */
  cast?: readonly string[];
  /** What the scene's words say it shows; what it leaves out comes from the style. */
  scene?: SceneReading;
  /** A young reader's book: drawn by day unless its scene says otherwise. */
  daylight?: boolean;
}

/** What a style adds to its motif's scene: a building in the distance, something in the sky, clothes. */
interface StyleTouch {
  landmark?: Landmark;
  night?: Celestial;
  hat?: Hat;
  outfit?: Outfit;
}

const STYLE_TOUCHES: Partial<Record<ConcreteStyle, StyleTouch>> = {
  sci_fi: { landmark: 'domes', night: 'planet' },
  fairy_tale: { landmark: 'castle', night: 'crescent', outfit: 'dress' },
  fantasy: { landmark: 'castle', outfit: 'cloak' },
  epic: { landmark: 'castle', outfit: 'cloak' },
  legend: { landmark: 'castle', outfit: 'cloak' },
  mythology: { landmark: 'temple' },
  history: { landmark: 'temple' },
  alternate_history: { outfit: 'coat' },
  gothic: { landmark: 'manor', night: 'crescent', outfit: 'cloak' },
  horror: { landmark: 'manor' },
  paranormal: { landmark: 'manor', night: 'crescent' },
  folklore: { landmark: 'cottage' },
  fable: { landmark: 'cottage' },
  western: { hat: 'brimmed' },
  noir: { hat: 'fedora', outfit: 'coat' },
  crime: { hat: 'fedora', outfit: 'coat' },
  mystery: { hat: 'fedora', outfit: 'coat' },
};

const MOTIF_LANDMARKS: Record<Motif, Landmark> = {
  stars: 'domes',
  moon: 'manor',
  sun: 'cottage',
  city: 'none',
  trees: 'cottage',
  waves: 'lighthouse',
  mountains: 'castle',
  desert: 'none',
  spiral: 'none',
};

/** The light each motif is drawn in; a cover takes the first. */
const MOTIF_TIMES: Record<Motif, readonly TimeOfDay[]> = {
  stars: ['night', 'night', 'dusk'],
  moon: ['night', 'night', 'dusk'],
  sun: ['dusk', 'day', 'dawn', 'day'],
  city: ['dusk', 'night', 'night', 'day'],
  trees: ['dawn', 'day', 'dusk', 'day'],
  waves: ['dusk', 'day', 'dawn', 'night'],
  mountains: ['dawn', 'day', 'dusk', 'night'],
  desert: ['dusk', 'day', 'dawn', 'day'],
  spiral: ['dusk', 'day', 'dawn', 'night'],
};

/** Where the people stand and how big they are. */
interface Staging {
  horizonY: number;
  groundY: number;
  /** Left and right of the band the people stand in. */
  band: [number, number];
}

interface Scene {
  random: Random;
  defs: Defs;
  colours: SceneColours;
  time: TimeOfDay;
  motif: Motif;
  touch: StyleTouch;
  /** The weather the scene's words name, if any. */
  weather?: Weather;
  /** Who the scene names, so that the picture has as many people. */
  people: readonly string[];
}

/** What was drawn, for the alt text. */
interface Drawn {
  figures: number;
  weather: Weather;
}

function chooseWeather(random: Random, motif: Motif, time: TimeOfDay, read?: Weather): Weather {
  if (read) return read;
  const roll = random.next();
  if ((motif === 'city' || motif === 'moon') && time !== 'day' && roll < 0.18) return 'rain';
  if ((motif === 'mountains' || motif === 'trees') && roll < 0.15) return 'snow';
  return roll < (time === 'night' ? 0.5 : 0.7) ? 'clouds' : 'clear';
}

/** Sky, sun or moon, weather and land: everything but the people and the frame. */
function drawSetting(
  scene: Scene,
  staging: Staging,
  options: { grand: boolean; weather: Weather; celestialX?: number },
): { back: string; front: string; over: string; groundAt: (x: number) => number; celestialX: number } {
  const { random, defs, colours, time, motif } = scene;
  const { horizonY } = staging;
  let back = skyBackdrop(defs, colours, horizonY);
  const overcast = options.weather === 'rain';
  if ((time === 'night' || time === 'dusk') && !overcast)
    back += stars(random, colours, horizonY, time === 'night' ? (motif === 'stars' ? 90 : 60) : 14);
  const celestialX = options.celestialX ?? random.int(70, WIDTH - 70);
  if (!overcast) {
    const kind: Celestial = time === 'night' ? (scene.touch.night ?? 'moon') : 'sun';
    const low = time === 'dawn' || time === 'dusk';
    const r = (kind === 'planet' ? random.int(30, 46) : random.int(18, 30)) * (options.grand ? 1.8 : 1);
    // A cover's sun or moon rides high and large, clear of the skyline; otherwise a low sun sits near the horizon.
    const y = options.grand
      ? random.int(Math.round(r + 30), Math.round(Math.max(r + 30, horizonY - 110)))
      : low
        ? horizonY - random.int(10, 40)
        : random.int(Math.round(r + 20), Math.round(Math.max(r + 30, horizonY * 0.45)));
    back += celestialBody(defs, random, kind, celestialX, y, r, colours, time);
  }
  if (options.weather !== 'clear')
    back += clouds(
      random,
      colours,
      horizonY,
      overcast ? 7 : random.int(2, 4),
      overcast ? 0.7 : time === 'night' ? 0.5 : 0.8,
    );
  const land = drawLandscape(random.fork('land'), defs, colours, {
    motif,
    horizonY,
    groundY: staging.groundY,
    landmark: scene.touch.landmark ?? MOTIF_LANDMARKS[motif],
    celestialX,
    time,
    keepClear: staging.band,
  });
  let over = '';
  if (options.weather === 'rain') over += rain(random, colours, 90);
  if (options.weather === 'snow') over += snow(random, colours, 70);
  return { back: back + land.back, front: land.front, over, groundAt: land.groundAt, celestialX };
}

/** Darker edges that hold the eye in the middle. */
function vignette(defs: Defs, colours: SceneColours, strength: number): string {
  const fill = defs.radial([
    { colour: colours.figure, offset: 0.55, opacity: 0 },
    { colour: colours.figure, offset: 1, opacity: strength },
  ]);
  return el('rect', { width: WIDTH, height: HEIGHT, fill });
}

/** One to three people in the band, on the ground, turned towards each other or the light. */
function people(
  scene: Scene,
  groundAt: (x: number) => number,
  staging: Staging,
  options: { count: number; height: number; pose?: Pose; lookAt: number },
): string {
  const { random } = scene;
  const [left, right] = staging.band;
  const spacing = options.height * (0.45 + random.next() * 0.35);
  const width = spacing * (options.count - 1);
  const start = random.int(Math.round(left), Math.max(Math.round(left), Math.round(right - width)));
  let out = '';
  for (let index = 0; index < options.count; index += 1) {
    const x = start + index * spacing + random.int(-6, 6);
    const groupCentre = start + width / 2;
    // Pairs face each other; otherwise people turn towards what the scene looks at.
    const target = options.count > 1 && Math.abs(x - groupCentre) > 1 ? groupCentre : options.lookAt;
    const facing: 1 | -1 = target >= x ? 1 : -1;
    const height = options.height * (0.86 + random.next() * 0.18);
    out += figure({
      x,
      y: groundAt(x) + 3,
      height,
      facing,
      pose:
        index === 0 && options.pose
          ? options.pose
          : random.pick(index === 0 ? POSES : (['standing', 'standing', 'walking', 'pointing'] as const)),
      outfit: random.chance(0.5) ? (scene.touch.outfit ?? random.pick(OUTFITS)) : random.pick(OUTFITS),
      hat: scene.touch.hat && random.chance(0.7) ? scene.touch.hat : 'none',
      colour: scene.colours.figure,
    });
  }
  return out;
}

function coverFrame(colours: SceneColours): string {
  const corners = [
    [22, 22],
    [WIDTH - 22, 22],
    [22, HEIGHT - 22],
    [WIDTH - 22, HEIGHT - 22],
  ]
    .map(([x = 0, y = 0]) => `M${x} ${y - 7}L${x + 7} ${y}L${x} ${y + 7}L${x - 7} ${y}Z`)
    .join('');
  const frame = { fill: 'none', stroke: colours.frame, 'stroke-opacity': 0.85 };
  return (
    el('rect', { x: 12, y: 12, width: WIDTH - 24, height: HEIGHT - 24, ...frame, 'stroke-width': 3 }) +
    el('rect', { x: 22, y: 22, width: WIDTH - 44, height: HEIGHT - 44, ...frame, 'stroke-width': 1 }) +
    el('path', { d: corners, fill: colours.frame, 'fill-opacity': 0.9 })
  );
}

/** A comic panel's gutter and ink border. */
function panelBorder(): string {
  return (
    el('path', {
      d: `M-1 -1H${WIDTH + 1}V${HEIGHT + 1}H-1ZM9 9V${HEIGHT - 9}H${WIDTH - 9}V9Z`,
      fill: '#fbf8f1',
      'fill-rule': 'evenodd',
    }) +
    el('rect', {
      x: 9,
      y: 9,
      width: WIDTH - 18,
      height: HEIGHT - 18,
      fill: 'none',
      stroke: '#16141a',
      'stroke-width': 5,
    })
  );
}

function drawCover(scene: Scene): { body: string; drawn: Drawn } {
  const { random } = scene;
  const figureOnLeft = random.chance(0.5);
  const staging: Staging = { horizonY: 262, groundY: 350, band: figureOnLeft ? [110, 190] : [410, 490] };
  const weather = scene.weather ?? (random.chance(0.75) ? 'clear' : 'clouds');
  const setting = drawSetting(scene, staging, {
    grand: true,
    weather,
    celestialX: figureOnLeft ? random.int(340, 460) : random.int(140, 260),
  });
  // The lone figure stands on a rise in the foreground, looking out at the horizon and the light.
  const x = random.int(staging.band[0], staging.band[1]);
  const top = staging.groundY - random.int(14, 30);
  const away = figureOnLeft ? -1 : 1;
  const rise = el('path', {
    // A rooftop in a city, a hilltop elsewhere.
    d:
      scene.motif === 'city'
        ? `M${x + away * 300} ${HEIGHT}V${top}H${x - away * 45}V${HEIGHT}Z` +
          `M${x + away * 120} ${top}v-18h${away * 26}v18Z`
        : `M${x - 220} ${HEIGHT}Q${x - 90} ${top} ${x} ${top}Q${x + 90} ${top} ${x + 220} ${HEIGHT}Z`,
    fill: mix(scene.colours.near, scene.colours.figure, 0.6),
  });
  const lone = figure({
    x,
    y: top + 2,
    height: random.int(92, 112),
    facing: figureOnLeft ? 1 : -1,
    pose: random.pick(['standing', 'standing', 'pointing'] as const),
    outfit: scene.touch.outfit ?? random.pick(['cloak', 'coat', 'plain'] as const),
    hat: scene.touch.hat ?? 'none',
    colour: scene.colours.figure,
  });
  return {
    body:
      setting.back +
      setting.front +
      rise +
      lone +
      setting.over +
      vignette(scene.defs, scene.colours, 0.4) +
      coverFrame(scene.colours),
    drawn: { figures: 1, weather },
  };
}

function drawChapterPicture(scene: Scene): { body: string; drawn: Drawn } {
  const { random } = scene;
  const horizonY = random.int(235, 275);
  const centre = random.int(200, 400);
  const staging: Staging = { horizonY, groundY: random.int(325, 345), band: [centre - 90, centre + 90] };
  const weather = chooseWeather(random, scene.motif, scene.time, scene.weather);
  const setting = drawSetting(scene, staging, { grand: false, weather });
  const count = scene.people.length || random.pick([1, 1, 2, 2, 3]);
  const crowd = people(scene, setting.groundAt, staging, {
    count,
    height: random.int(66, 86),
    lookAt: setting.celestialX,
  });
  return {
    body: setting.back + setting.front + crowd + setting.over + vignette(scene.defs, scene.colours, 0.3),
    drawn: { figures: count, weather },
  };
}

function drawPanel(scene: Scene, direction: PanelDirection): string {
  const { random } = scene;
  const weather = chooseWeather(random, scene.motif, scene.time, scene.weather);
  const count = direction.figures ?? random.pick([1, 2, 2, 3]);
  let body: string;
  switch (direction.shot) {
    case 'close_up': {
      // One face fills the panel; the land is a strip behind the shoulders.
      const staging: Staging = { horizonY: random.int(280, 310), groundY: 370, band: [0, 0] };
      const setting = drawSetting(scene, staging, { grand: false, weather });
      const onLeft = random.chance(0.5);
      const x = onLeft ? random.int(170, 230) : random.int(370, 430);
      body =
        setting.back +
        setting.front +
        bust(
          x,
          HEIGHT + 10,
          random.int(280, 320),
          onLeft ? 1 : -1,
          scene.colours.figure,
          scene.colours.glow,
          scene.touch.hat ?? 'none',
        ) +
        setting.over;
      break;
    }
    case 'over_the_shoulder': {
      const onLeft = random.chance(0.5);
      const staging: Staging = { horizonY: random.int(230, 260), groundY: 330, band: onLeft ? [330, 470] : [130, 270] };
      const setting = drawSetting(scene, staging, { grand: false, weather });
      const listener = onLeft ? 110 : WIDTH - 110;
      body =
        setting.back +
        setting.front +
        people(scene, setting.groundAt, staging, {
          count: count - 1,
          height: 96,
          pose: direction.pose,
          lookAt: listener,
        }) +
        backOfHead(listener, HEIGHT + 20, random.int(250, 290), scene.colours.figure) +
        setting.over;
      break;
    }
    case 'low_angle': {
      // The horizon sinks, the people tower against the sky.
      const staging: Staging = { horizonY: random.int(320, 345), groundY: 372, band: [170, 430] };
      const setting = drawSetting(scene, staging, { grand: false, weather });
      body =
        setting.back +
        setting.front +
        people(scene, setting.groundAt, staging, {
          count: Math.min(count, 2),
          height: 190,
          pose: direction.pose,
          lookAt: setting.celestialX,
        }) +
        setting.over;
      break;
    }
    case 'high_angle':
    case 'wide': {
      // Small people in a big landscape; from above, the horizon climbs and the ground spreads out.
      const high = direction.shot === 'high_angle';
      const staging: Staging = {
        horizonY: high ? random.int(130, 160) : random.int(240, 265),
        groundY: high ? random.int(290, 320) : random.int(330, 345),
        band: [140, 460],
      };
      const setting = drawSetting(scene, staging, { grand: !high, weather });
      body =
        setting.back +
        setting.front +
        people(scene, setting.groundAt, staging, {
          count,
          height: high ? 34 : 46,
          pose: direction.pose,
          lookAt: setting.celestialX,
        }) +
        setting.over;
      break;
    }
    case 'detail': {
      // An insert or a sound panel: the place alone, closer in, nobody in it.
      const staging: Staging = { horizonY: random.int(250, 280), groundY: random.int(340, 360), band: [200, 400] };
      const setting = drawSetting(scene, staging, { grand: false, weather });
      body = setting.back + setting.front + setting.over;
      break;
    }
    case 'medium': {
      const staging: Staging = { horizonY: random.int(240, 270), groundY: random.int(345, 360), band: [150, 450] };
      const setting = drawSetting(scene, staging, { grand: false, weather });
      body =
        setting.back +
        setting.front +
        people(scene, setting.groundAt, staging, {
          count,
          height: 120,
          pose: direction.pose,
          lookAt: setting.celestialX,
        }) +
        setting.over;
      break;
    }
  }
  return body + vignette(scene.defs, scene.colours, 0.25) + panelBorder();
}

/**
 * A small standalone SVG picture in the style's palette: of the land, the
 * hour, the building and the people its scene names, and the style's motif
 * and light where the scene names none.
 */
export function drawPicture(request: PictureRequest): BookImage {
  const lexicon = STYLE_LEXICONS[request.style];
  const read = request.scene ?? { people: [] };
  const random = new Random(`${request.seed}\u0000${request.id}`);
  const times = MOTIF_TIMES[lexicon.motif];
  const time =
    read.time ?? (request.daylight ? 'day' : request.kind === 'cover' ? (times.at(0) ?? 'day') : random.pick(times));
  const touch = STYLE_TOUCHES[request.style] ?? {};
  const motif = read.land ?? lexicon.motif;
  const scene: Scene = {
    random,
    defs: new Defs(idPrefix(request.id, hashString(request.id))),
    colours: sceneColours(lexicon.palette, time),
    time,
    motif,
    touch: { ...touch, landmark: read.landmark ?? touch.landmark },
    weather: read.weather,
    people: read.people,
  };
  let body: string;
  let drawn: Drawn | undefined;
  switch (request.kind) {
    case 'cover':
      ({ body, drawn } = drawCover(scene));
      break;
    case 'chapter':
      ({ body, drawn } = drawChapterPicture(scene));
      break;
    case 'panel':
      body = drawPanel(scene, readPanelDirection(request.alt ?? '', request.cast));
      break;
  }
  const landmark = scene.touch.landmark ?? MOTIF_LANDMARKS[motif];
  const description = drawn
    ? describeDrawing({
        people: read.people,
        figures: drawn.figures,
        land: motif,
        landmark: LANDS_WITHOUT_LANDMARKS.has(motif) ? 'none' : landmark,
        time,
        weather: drawn.weather,
      })
    : '';
  const alt = request.alt ?? (request.label ? `${request.label}: ${description}` : description);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<title>${escapeXml(alt)}</title>` +
    scene.defs.toString() +
    body +
    `</svg>`;
  return {
    id: request.id,
    mediaType: 'image/svg+xml',
    data: Buffer.from(svg).toString('base64'),
    alt,
    width: WIDTH,
    height: HEIGHT,
  };
}

/**
 * Adds a cover, one picture per chapter (back matter aside) and one per comic
 * panel, unless the document has them already. Each picture shows its scene: a chapter's
 * picture the land, hour, weather and people its opening names (or, from a
 * model's book, its outline's scene in `scenes`, by chapter id), a panel
 * what its direction names within its chapter's scene, and the cover the
 * hero where the book begins. A 3.0 comic has over a hundred pictures: the
 * work yields after every chapter so that other jobs on the same worker, and
 * its queue heartbeat, never wait for the whole set.
 */
export async function addBuiltinIllustrations(
  document: BookDocument,
  seed: string,
  hints: PictureHints = { scenes: new Map() },
): Promise<BookDocument> {
  const { language } = document.metadata;
  const style = document.metadata.style;
  const daylight = document.metadata.type === 'childrens';
  const cast = hints.cast ?? (document.frontMatter.cast ?? []).map((member) => member.name);
  const readings = document.chapters.map((chapter) =>
    readScene(hints.scenes.get(chapter.id)?.words ?? chapter.blocks.flatMap(blockTexts).join(' '), cast, language),
  );
  // What was drawn is said in English; a book in another language says what its plan says, in its own words.
  const english = primaryLanguage(language) === 'en';
  const images: BookImage[] = [...document.images];
  const coverImageId = document.coverImageId ?? 'cover';
  if (!document.coverImageId) {
    const opening = readings[0] ?? { people: [] };
    const hero = cast[0] ?? opening.people[0];
    images.push(
      drawPicture({
        id: 'cover',
        ...(english
          ? { label: `Cover of ${document.metadata.title}` }
          : { alt: hints.coverAlt ?? document.metadata.title }),
        style,
        seed,
        kind: 'cover',
        scene: { ...opening, people: hero ? [hero] : [] },
        daylight,
      }),
    );
  }
  const chapters: BookChapter[] = [];
  for (const [index, chapter] of document.chapters.entries()) {
    const reading = readings[index] ?? { people: [] };
    // A glossary or a list of sources has no scene to show.
    if (isBackMatter(chapter.kind)) {
      chapters.push(chapter);
      continue;
    }
    const pictured = !hints.withoutChapterPicture?.has(chapter.id);
    const imageId = chapter.imageId ?? (pictured ? `img-${chapter.id}` : undefined);
    if (!chapter.imageId && imageId) {
      const alt = english ? undefined : (hints.scenes.get(chapter.id)?.alt ?? chapter.title);
      images.push(drawPicture({ id: imageId, alt, style, seed, kind: 'chapter', scene: reading, daylight }));
    }
    const blocks = chapter.blocks.map((block) => {
      if (block.kind !== 'panel' || block.imageId) return block;
      const panelId = `img-${chapter.id}-p${block.number}`;
      const scene = withinScene(readScene(block.description, cast, language), reading);
      images.push(
        drawPicture({ id: panelId, alt: block.description, style, seed, kind: 'panel', cast, scene, daylight }),
      );
      return { ...block, imageId: panelId };
    });
    chapters.push({ ...chapter, ...(imageId ? { imageId } : {}), blocks });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { ...document, coverImageId, chapters, images };
}
