/**
 * The shape of every builtin story: fifteen beats of a classic arc, from the
 * ordinary world to the homecoming. Shorter books keep the beats that carry
 * the most weight (a four-part short story is the ordinary world, the
 * inciting incident, the climax and the homecoming), so every length still
 * tells a whole story. Novels, short stories, comics, manga and picture
 * books all walk this arc; each writer gives the beats its own form.
 */
import type { World } from '../world';

export const STORY_BEATS = [
  'ordinary',
  'inciting',
  'debate',
  'threshold',
  'trials',
  'bonds',
  'rival',
  'midpoint',
  'tightening',
  'betrayal',
  'lowest',
  'rally',
  'climax',
  'aftermath',
  'homecoming',
] as const;

export type StoryBeat = (typeof STORY_BEATS)[number];

/** Lower comes first when a book has room for fewer beats than the arc has. */
const WEIGHT: Record<StoryBeat, number> = {
  inciting: 1,
  climax: 2,
  homecoming: 3,
  ordinary: 4,
  trials: 5,
  threshold: 6,
  rival: 7,
  midpoint: 8,
  betrayal: 9,
  lowest: 10,
  bonds: 11,
  tightening: 12,
  debate: 13,
  rally: 14,
  aftermath: 15,
};

/** The beats of a story told in `count` sections, in story order; more sections than beats repeat the middle. */
export function storyBeats(count: number): StoryBeat[] {
  const wanted = Math.max(1, count);
  if (wanted <= STORY_BEATS.length) {
    const kept = new Set([...STORY_BEATS].sort((a, b) => WEIGHT[a] - WEIGHT[b]).slice(0, wanted));
    return STORY_BEATS.filter((beat) => kept.has(beat));
  }
  // Longer books get more trials and tightening: the middle of a story is where it can stretch.
  const extra = wanted - STORY_BEATS.length;
  const middle: StoryBeat[] = Array.from({ length: extra }, (_, index) => (index % 2 === 0 ? 'trials' : 'tightening'));
  const beats: StoryBeat[] = [];
  for (const beat of STORY_BEATS) {
    beats.push(beat);
    if (beat === 'rival') beats.push(...middle.filter((b) => b === 'trials'));
    if (beat === 'tightening') beats.push(...middle.filter((b) => b === 'tightening'));
  }
  return beats;
}

/** Who the beat's main conversation is with. */
export const BEAT_COMPANION: Record<StoryBeat, 'ally' | 'mentor' | 'rival'> = {
  ordinary: 'ally',
  inciting: 'ally',
  debate: 'mentor',
  threshold: 'ally',
  trials: 'ally',
  bonds: 'ally',
  rival: 'rival',
  midpoint: 'mentor',
  tightening: 'ally',
  betrayal: 'ally',
  lowest: 'mentor',
  rally: 'ally',
  climax: 'rival',
  aftermath: 'ally',
  homecoming: 'ally',
};

/**
 * Where each section of the story happens: home at both ends, the rival's
 * stronghold for the climax, and a new place of the journey whenever the
 * story moves on, so a reader travels through the world in order.
 */
export function scenePlaces(world: World, beats: readonly StoryBeat[]): string[] {
  let step = 0;
  const next = (): string => {
    const place = world.journey[step % Math.max(1, world.journey.length)] ?? world.home;
    step += 1;
    return place;
  };
  let current = world.home;
  return beats.map((beat) => {
    switch (beat) {
      case 'ordinary':
      case 'inciting':
      case 'homecoming':
        current = world.home;
        break;
      case 'climax':
      case 'aftermath':
        current = world.stronghold;
        break;
      case 'bonds':
      case 'betrayal':
        // The quiet beats stay where the last one left off.
        if (current === world.home) current = next();
        break;
      case 'debate':
      case 'threshold':
      case 'trials':
      case 'rival':
      case 'midpoint':
      case 'tightening':
      case 'lowest':
      case 'rally':
        current = next();
    }
    return current;
  });
}
