/**
 * A tiny seeded random generator, so the builtin provider writes the same book
 * for the same request on any machine and Node version (Math.random cannot be
 * seeded). sfc32 seeded through a string hash; good enough for prose, not for
 * anything secret.
 */

/** A generator's whole state: sfc32's four 32-bit words. */
type State = [number, number, number, number];

/** 128 bits of seed from a string (the xmur3 mixing steps, four times). */
function seedWords(text: string): State {
  let h = 1779033703 ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    h = Math.imul(h ^ text.charCodeAt(index), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  const next = (): number => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return h >>> 0;
  };
  return [next(), next(), next(), next()];
}

/** A stable 32-bit hash of a string, for picking without a generator. */
export function hashString(text: string): number {
  return seedWords(text)[0];
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /**
   * The starting state of each fork made so far. The writers fork the book's
   * generator by the same labels in every section, and hashed the seed (the
   * whole request, prompt included) again each time: the largest single cost
   * in a profile of the writers' specs.
   */
  private forkStates?: Map<string, State>;

  constructor(
    private readonly seed: string,
    state?: State,
  ) {
    if (state) {
      [this.a, this.b, this.c, this.d] = state;
      return;
    }
    [this.a, this.b, this.c, this.d] = seedWords(seed);
    // sfc32 needs a few rounds before its output stops echoing the seed.
    for (let round = 0; round < 12; round += 1) this.next();
  }

  /** A uniform number in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = Math.floor(this.next() * (index + 1));
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  }

  /** `count` different items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }

  /**
   * An independent generator for one part of the book. Sections draw from
   * their own stream so a section reused from a checkpoint leaves the
   * sections after it exactly as a fresh run would write them.
   */
  fork(label: string): Random {
    const seed = `${this.seed}\u0000${label}`;
    this.forkStates ??= new Map();
    const known = this.forkStates.get(label);
    if (known) return new Random(seed, known);
    const fork = new Random(seed);
    this.forkStates.set(label, [fork.a, fork.b, fork.c, fork.d]);
    return fork;
  }
}
