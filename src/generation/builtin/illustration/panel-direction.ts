import type { Pose } from './figures';
import { escapeRegExp } from '../../../common/escape-reg-exp';

/** How a comic panel frames its scene. */
export type Shot = 'close_up' | 'over_the_shoulder' | 'low_angle' | 'high_angle' | 'wide' | 'medium' | 'detail';

export interface PanelDirection {
  shot: Shot;
  /** How many people the panel shows, 1 to 3; undefined when the direction does not say. */
  figures?: number;
  /** The pose the direction asks for, if any. */
  pose?: Pose;
}

/** The first that matches wins, so the more particular framings come first. */
const SHOTS: ReadonlyArray<[RegExp, Shot]> = [
  [/\bover[- ]the[- ]shoulder\b|\bback to us\b|\bfrom behind\b/i, 'over_the_shoulder'],
  [
    /\b(?:close|tight) two[- ]shot\b|\bnose to nose\b|\bmedium (?:shot|two-shot)\b|\bthree-quarter\b|\bprofile shot\b/i,
    'medium',
  ],
  [/\binsert\b|\binset\b|\bdetail panel\b|\bpure sound\b|\balmost empty\b/i, 'detail'],
  [/\bclose[- ]?up\b|\bclose on\b|\btight on\b|\breaction shot\b|\bportrait\b|\beyes\b/i, 'close_up'],
  [/\blow[- ]angle\b|\bworm['’]?s[- ]eye\b|\bfrom below\b/i, 'low_angle'],
  [
    /\bhigh[- ]angle\b|\bbird['’]?s[- ]eye\b|\boverhead\b|\baerial\b|\bfrom above\b|\bhigh up\b|\bfar below\b/i,
    'high_angle',
  ],
  [/\bwide\b|\bestablishing\b|\blong shot\b|\bdistant\b|\bpanorama\b|\bsplash\b/i, 'wide'],
];

const POSE_WORDS: ReadonlyArray<[RegExp, Pose]> = [
  [/\bpoint(?:s|ing|ed)?\b|\bgestur|\bhand raised\b/i, 'pointing'],
  [/\b(?:raise[sd]?|raising|cheer|triumph|celebrat|victor|surrender|arms up|hands up)/i, 'arms_raised'],
  [
    /\b(?:walk|run|ran|chas|flee|fled|hurr|stride|strode|approach|arriv|enter|leav|climb|race|lunge|dash|mid-stride)/i,
    'walking',
  ],
];

const MANY = /\b(?:crowd|group|everyone|all of them|together|gang|posse|party|crew|team|they)\b/i;
const TWO = /\btwo[- ]shot\b|\bboth\b|\bface to face\b|\bfacing each other\b/i;

/**
 * What a panel's artist direction ("Close-up: Mara in the lighthouse with a
 * lamp.") asks the picture to show: the framing, how many people and their
 * pose. `cast` are the names of the book's characters, so each one named in
 * the direction counts as a figure (by full name or first name).
 */
export function readPanelDirection(description: string, cast: readonly string[] = []): PanelDirection {
  const shot = SHOTS.find(([pattern]) => pattern.test(description))?.[1] ?? 'medium';
  const pose = POSE_WORDS.find(([pattern]) => pattern.test(description))?.[1];
  const lower = description.toLowerCase();
  const named = cast.filter((name) => {
    const full = name.toLowerCase().trim();
    const first = full.split(/\s+/)[0] ?? '';
    return full !== '' && (lower.includes(full) || (first.length > 2 && containsWord(lower, first)));
  }).length;
  let figures: number | undefined = named > 0 ? named : undefined;
  if (TWO.test(description)) figures = Math.max(figures ?? 0, 2);
  if (MANY.test(description)) figures = 3;
  if (shot === 'over_the_shoulder') figures = Math.max(figures ?? 0, 2);
  if (/\balone\b/i.test(description)) figures = 1;
  return { shot, figures: figures === undefined ? undefined : Math.min(3, figures), pose };
}

/** `word` standing on its own in `text`, in any script (`\b` knows only ASCII letters). */
function containsWord(text: string, word: string): boolean {
  const escaped = escapeRegExp(word);
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(text);
}
