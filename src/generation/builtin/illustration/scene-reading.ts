import { primaryLanguage } from '../../../book/language-tag';
import type { Motif } from '../lexicon/style-lexicon';
import type { Landmark } from './landmarks';
import type { TimeOfDay } from './scene-colours';
import type { Weather } from './sky';
import { escapeRegExp } from '../../../common/escape-reg-exp';
import { joinList } from '../../../common/join-list';

/**
 * What a picture should show, read from the words of the scene it
 * illustrates (a chapter's opening, a panel's direction, a section's
 * outline): the time of day, the land, a building, the weather, and who is
 * there. The earliest mention wins in each kind, because a chapter's
 * picture shows where the chapter begins. English words only, like the
 * builtin writer; a scene in another language reads as nothing, and the
 * picture falls back to its style.
 */
export interface SceneReading {
  time?: TimeOfDay;
  land?: Motif;
  landmark?: Landmark;
  weather?: Weather;
  /** The cast named in the scene, in the order they appear: at most three, the most a picture holds. */
  people: string[];
}

/** A chapter's picture reads its opening: later scenes are other places and hours. */
const OPENING_WORDS = 250;
const MOST_PEOPLE = 3;

type Cue<T> = readonly [T, RegExp];

const TIMES: ReadonlyArray<Cue<TimeOfDay>> = [
  ['night', /\b(?:night(?:time)?|midnight|moon(?:light|lit)|star(?:light|lit)|after dark)\b/],
  ['dawn', /\b(?:dawn|daybreak|sunrise|first light|early morning)\b/],
  ['dusk', /\b(?:dusk|sunset|sundown|twilight|nightfall|evening|gloaming)\b/],
  ['day', /\b(?:morning|noon|midday|afternoon|daylight|sunlight|sunshine|sunny|broad day)\b/],
];

/** The land under the sky; a place that names a building names its land too (a lighthouse stands by the sea). */
const LANDS: ReadonlyArray<Cue<Motif>> = [
  [
    'waves',
    /\b(?:sea|seas|ocean|shore|beach|harbou?r|coast|waves?|promenade|pier|quay|bay|island|lighthouse|cliffs?|tide|boats?|ships?|sail(?:s|ing)?)\b/,
  ],
  ['stars', /\b(?:space|spaceship|starship|orbit|planet|asteroid|nebula|galaxy)\b/],
  ['mountains', /\b(?:mountains?|peaks?|summit|valley|glacier|ridge|castle|fortress)\b/],
  ['desert', /\b(?:desert|dunes?|canyon|mesa|oasis|prairie|ranch)\b/],
  [
    'trees',
    /\b(?:forest|woods?|woodland|trees|orchard|garden|park|meadow|fields?|farm|village|cottage|hills?|river|lake)\b/,
  ],
  ['city', /\b(?:city|streets?|town|alley|market|square|rooftops?|harbourside|downtown)\b/],
];

/**
 * Buildings stand in a town unless the scene names other land: "the
 * boarding house on the promenade" is by the sea, "the museum" in a town.
 */
const BUILDINGS =
  /\b(?:station|museum|office|club|bar|caf[eé]|apartment|hotel|library|school|shop|boarding house|house|hall)\b/;

const LANDMARKS: ReadonlyArray<Cue<Landmark>> = [
  ['lighthouse', /\blighthouse\b/],
  ['castle', /\b(?:castle|palace|fortress|citadel)\b/],
  ['manor', /\b(?:manor|mansion|estate|country house|abbey|boarding house)\b/],
  ['temple', /\b(?:temple|shrine|ruins|pyramid)\b/],
  ['cottage', /\b(?:cottage|farmhouse|cabin|hut|village)\b/],
  ['domes', /\b(?:colony|domes?|space station|base)\b/],
];

const WEATHERS: ReadonlyArray<Cue<Weather>> = [
  ['rain', /\b(?:rain\w*|storm\w*|downpour|drizzle|thunder)\b/],
  ['snow', /\b(?:snow\w*|blizzard|frost\w*|sleet)\b/],
  ['clouds', /\b(?:clouds?|cloudy|fog\w*|mist\w*|overcast|grey sky)\b/],
];

/** The kind whose cue comes first in `text`, or undefined. */
function earliest<T>(text: string, cues: ReadonlyArray<Cue<T>>): T | undefined {
  let best: { value: T; at: number } | undefined;
  for (const [value, cue] of cues) {
    const at = text.search(cue);
    if (at !== -1 && (best === undefined || at < best.at)) best = { value, at };
  }
  return best?.value;
}

/** Words before a name that are not a name: "Dr Forest" is Forest, never every doctor. */
const TITLES = new Set([
  ...['mr', 'mrs', 'ms', 'miss', 'dr', 'sir', 'lady', 'lord', 'saint', 'st', 'the'],
  ...['captain', 'agent', 'inspector', 'detective', 'professor', 'king', 'queen', 'prince', 'princess'],
  ...['little', 'old', 'young'],
]);

/** How a scene may call someone besides their full name: the first name, or the last after a title. */
function shortName(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const first = words[0] ?? name;
  return TITLES.has(first.replace(/\.$/, '').toLowerCase()) ? (words[words.length - 1] ?? name) : first;
}

/**
 * Reads a scene. `cast` is the book's people by full name; the scene may
 * call them by their first name ("Mara" for Mara Quill). Their names are
 * taken out before the places are read, so that Little Cloud is not weather
 * and Mr Forest not a wood.
 */
export function readScene(text: string, cast: readonly string[] = [], language = 'en'): SceneReading {
  let opening = text.split(/\s+/).filter(Boolean).slice(0, OPENING_WORDS).join(' ');
  const found: Array<{ name: string; at: number }> = [];
  for (const name of cast) {
    const names = new RegExp(`\\b(?:${[name, shortName(name)].map(escapeRegExp).join('|')})\\b`, 'g');
    const at = opening.search(names);
    if (at !== -1) found.push({ name, at });
    opening = opening.replace(names, ' ');
  }
  const people = found
    .sort((a, b) => a.at - b.at)
    .slice(0, MOST_PEOPLE)
    .map((person) => person.name);
  // Names are names in any language; "bar" and "station" are French words too, and mean nothing here.
  if (primaryLanguage(language) !== 'en') return { people };
  const lower = opening.toLowerCase();
  return {
    time: earliest(lower, TIMES),
    land: earliest(lower, LANDS) ?? (BUILDINGS.test(lower) ? 'city' : undefined),
    landmark: earliest(lower, LANDMARKS),
    weather: earliest(lower, WEATHERS),
    people,
  };
}

/** `reading` with what `fallback` knows filled in where it read nothing (a panel inside its chapter). */
export function withinScene(reading: SceneReading, fallback: SceneReading): SceneReading {
  return {
    time: reading.time ?? fallback.time,
    land: reading.land ?? fallback.land,
    landmark: reading.landmark ?? (reading.land === undefined ? fallback.landmark : undefined),
    weather: reading.weather ?? fallback.weather,
    people: reading.people.length > 0 ? reading.people : fallback.people,
  };
}

const LAND_PHRASES: Record<Motif, string> = {
  waves: 'by the sea',
  stars: 'under the stars',
  mountains: 'in the mountains',
  desert: 'in the desert',
  trees: 'among trees',
  city: 'in the town',
  moon: 'under the moon',
  sun: 'under the sun',
  spiral: 'under a swirling sky',
};

const LANDMARK_PHRASES: Record<Exclude<Landmark, 'none'>, string> = {
  lighthouse: 'near a lighthouse',
  castle: 'below a castle',
  manor: 'near an old house',
  temple: 'near a temple',
  cottage: 'near a cottage',
  domes: 'near domed buildings',
};

const TIME_PHRASES: Record<TimeOfDay, string> = {
  dawn: 'at dawn',
  day: 'by day',
  dusk: 'at dusk',
  night: 'at night',
};

const WEATHER_PHRASES: Record<Weather, string> = {
  clear: '',
  clouds: 'under clouds',
  rain: 'in the rain',
  snow: 'in the snow',
};

const COUNTS = ['', 'a figure', 'two figures', 'three figures'];

/**
 * What a drawn picture shows, in words, for its alternative text: who
 * (named when the scene named them), where, when and in what weather, e.g.
 * "Mara and Philippa by the sea, near a lighthouse, at night, in the rain".
 */
export function describeDrawing(drawn: {
  people: readonly string[];
  figures: number;
  land: Motif;
  landmark: Landmark;
  time: TimeOfDay;
  weather: Weather;
}): string {
  const who =
    drawn.people.length > 0 && drawn.people.length === drawn.figures
      ? joinList(drawn.people)
      : (COUNTS[drawn.figures] ?? 'figures');
  const parts = [
    LAND_PHRASES[drawn.land],
    drawn.landmark === 'none' ? '' : LANDMARK_PHRASES[drawn.landmark],
    TIME_PHRASES[drawn.time],
    WEATHER_PHRASES[drawn.weather],
  ].filter(Boolean);
  const where = parts.join(', ');
  return who ? `${who} ${where}` : `${where.charAt(0).toUpperCase()}${where.slice(1)}`;
}
