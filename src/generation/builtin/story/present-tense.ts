/**
 * Comic scripts give the artist directions in the present tense ("dust hangs
 * in the light"), while the lexicon's sights, sounds and actions are written
 * for past narration ("dust hung in the light"). These helpers turn one into
 * the other: the main verb of the clause, and the verbs joined to it by
 * "and", "that" or a new pronoun subject. English verbs are irregular, so
 * this is a heuristic tuned on the lexicons' phrases, not a general
 * conjugator; the spec beside the comic writer checks every lexicon entry.
 */

/** Irregular past forms and their base form. */
const IRREGULAR: Readonly<Record<string, string>> = {
  ate: 'eat',
  overrode: 'override',
  became: 'become',
  began: 'begin',
  beat: 'beat',
  bent: 'bend',
  bit: 'bite',
  bled: 'bleed',
  blew: 'blow',
  bore: 'bear',
  broke: 'break',
  brought: 'bring',
  built: 'build',
  burnt: 'burn',
  burst: 'burst',
  came: 'come',
  cast: 'cast',
  caught: 'catch',
  chose: 'choose',
  clung: 'cling',
  crept: 'creep',
  cut: 'cut',
  did: 'do',
  dealt: 'deal',
  dove: 'dive',
  drank: 'drink',
  drew: 'draw',
  drove: 'drive',
  dug: 'dig',
  dwelt: 'dwell',
  fed: 'feed',
  fell: 'fall',
  felt: 'feel',
  fled: 'flee',
  flew: 'fly',
  flung: 'fling',
  forgot: 'forget',
  fought: 'fight',
  found: 'find',
  froze: 'freeze',
  gave: 'give',
  got: 'get',
  grew: 'grow',
  ground: 'grind',
  had: 'have',
  heard: 'hear',
  held: 'hold',
  hid: 'hide',
  hit: 'hit',
  hung: 'hang',
  kept: 'keep',
  knelt: 'kneel',
  knew: 'know',
  laid: 'lay',
  lay: 'lie',
  leapt: 'leap',
  led: 'lead',
  left: 'leave',
  let: 'let',
  lit: 'light',
  lost: 'lose',
  made: 'make',
  meant: 'mean',
  met: 'meet',
  paid: 'pay',
  put: 'put',
  quit: 'quit',
  ran: 'run',
  rang: 'ring',
  read: 'read',
  rode: 'ride',
  rose: 'rise',
  said: 'say',
  sang: 'sing',
  sank: 'sink',
  sat: 'sit',
  saw: 'see',
  sent: 'send',
  set: 'set',
  shook: 'shake',
  shone: 'shine',
  shot: 'shoot',
  shut: 'shut',
  slept: 'sleep',
  slid: 'slide',
  slung: 'sling',
  smelt: 'smell',
  sought: 'seek',
  span: 'spin',
  spat: 'spit',
  spent: 'spend',
  spilt: 'spill',
  sold: 'sell',
  bought: 'buy',
  redrew: 'redraw',
  shrank: 'shrink',
  slunk: 'slink',
  wrung: 'wring',
  strove: 'strive',
  split: 'split',
  spoke: 'speak',
  spread: 'spread',
  sprang: 'spring',
  spun: 'spin',
  stood: 'stand',
  stole: 'steal',
  stank: 'stink',
  struck: 'strike',
  strode: 'stride',
  stuck: 'stick',
  stung: 'sting',
  swam: 'swim',
  swept: 'sweep',
  swore: 'swear',
  swung: 'swing',
  took: 'take',
  taught: 'teach',
  tore: 'tear',
  thought: 'think',
  threw: 'throw',
  told: 'tell',
  understood: 'understand',
  was: 'be',
  went: 'go',
  wept: 'weep',
  were: 'be',
  woke: 'wake',
  won: 'win',
  wore: 'wear',
  wound: 'wind',
  wove: 'weave',
  wrote: 'write',
};

/** Words ending in -ed that are not verbs here, or whose base the rules below would get wrong. */
const ED_WORDS: Readonly<Record<string, string | null>> = {
  bed: null,
  hundred: null,
  red: null,
  shed: null,
  sacred: null,
  naked: null,
  wicked: null,
  crooked: null,
  ragged: null,
  rugged: null,
  jagged: null,
  beloved: null,
  wretched: null,
  kindred: null,
  sled: null,
  speed: null,
  seed: null,
  weed: null,
  unopened: null,
  murmured: 'murmur',
  guided: 'guide',
  invited: 'invite',
  ignited: 'ignite',
  united: 'unite',
  recited: 'recite',
  excited: 'excite',
  focused: 'focus',
  recalled: 'recall',
  installed: 'install',
  enthralled: 'enthrall',
  appalled: 'appall',
  flickered: 'flicker',
  clattered: 'clatter',
  glittered: 'glitter',
  chittered: 'chitter',
  queued: 'queue',
  echoed: 'echo',
  lied: 'lie',
  died: 'die',
  tied: 'tie',
  dyed: 'dye',
  eyed: 'eye',
  skied: 'ski',
  radioed: 'radio',
  rerouted: 'reroute',
};

/** Before a noun, a past participle is an adjective: "the frosted window", "the man’s borrowed coat". */
const DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'every',
  'each',
  'its',
  'their',
  'his',
  'her',
  'my',
  'our',
  'your',
  'this',
  'that',
  'these',
  'those',
  'some',
  'no',
  'half',
  'last',
  'first',
  'next',
]);

const PREPOSITIONS = new Set([
  'of',
  'in',
  'on',
  'at',
  'from',
  'with',
  'behind',
  'above',
  'under',
  'along',
  'across',
  'over',
  'near',
  'by',
  'beneath',
  'inside',
  'outside',
  'down',
  'up',
  'through',
  'around',
  'round',
  'between',
  'against',
  'into',
  'onto',
  'beside',
]);

/** Prepositions that may also stand as adverbs ("the sign outside blinked"): a verb may follow them. */
const ADVERBIAL = new Set([
  'outside',
  'inside',
  'above',
  'behind',
  'below',
  'overhead',
  'around',
  'down',
  'up',
  'over',
  'round',
]);

const AUXILIARIES = new Set(['was', 'were', 'had', 'been', 'is', 'are', 'has', 'have', 'be', 'being', 'got']);

/** Words after which a new clause, with its own subject and verb, may begin. */
const CLAUSE_STARTS = new Set([
  'and',
  'but',
  'or',
  'while',
  'when',
  'whenever',
  'as',
  'until',
  'though',
  'although',
  'because',
  'before',
  'after',
  'if',
  'where',
  'than',
  'since',
  'nobody',
  'somebody',
  'someone',
  'anyone',
  'everyone',
  'no-one',
]);

/** A pronoun or relative right before the verb: "that did not drift", "nobody wanted". */
const SUBJECT_WORDS = new Set([
  'that',
  'which',
  'who',
  'nobody',
  'somebody',
  'someone',
  'something',
  'anyone',
  'everyone',
  'everything',
  'nothing',
  'no-one',
  'it',
  'they',
]);

const plain = (word: string | undefined): string => (word ?? '').toLowerCase().replace(/[^\p{L}’'-]/gu, '');

/** The base form of a past-tense verb, or undefined when the word is not one. */
function pastToBase(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (lower in IRREGULAR) return IRREGULAR[lower];
  if (lower in ED_WORDS) return ED_WORDS[lower] ?? undefined;
  if (!/^[a-z]{3,}ed$/.test(lower)) return undefined;
  if (lower.endsWith('eed')) return lower.slice(0, -1);
  if (lower.endsWith('ied')) return `${lower.slice(0, -3)}y`;
  const stem = lower.slice(0, -2);
  // Doubled consonants: flapped -> flap; but rolled, pressed, buzzed keep theirs; travelled -> travel.
  const last = stem.at(-1) ?? '';
  if (last === stem.at(-2) && /[bdgkmnprt]/.test(last)) return stem.slice(0, -1);
  if (/[^aeiou]ell$/.test(stem) && vowelGroups(stem) > 1) return stem.slice(0, -1);
  if (/(ss|ll|ff|zz)$/.test(stem)) return stem;
  if (/[cvuz]$/.test(stem) || /th$/.test(stem) || /[^s]s$/.test(stem)) return `${stem}e`;
  if (/[^aeiourlwy]l$/.test(stem)) return `${stem}e`;
  if (/([dlr]g|ing|ung|chang|arrang|rang)$/.test(stem)) return `${stem}e`;
  // One vowel before one final consonant (smil, snak, glar, explod): the base ends in a silent e,
  // except for unstressed endings (cover, open, visit, gallop) that never had one.
  if (/(^|[^aeiou])[aeiou][bdgklmnprst]$/.test(stem)) {
    if (vowelGroups(stem) > 1 && /(er|en|on|et|it|om|op|ip|el|al|ar)$/.test(stem) && !/(are|ar)$/.test(stem))
      return stem;
    return `${stem}e`;
  }
  return stem;
}

function vowelGroups(word: string): number {
  return (word.match(/[aeiouy]+/g) ?? []).length;
}

/** "run" -> "runs", "press" -> "presses", "carry" -> "carries", "be" -> "is". */
function thirdPerson(base: string, plural: boolean): string {
  if (base === 'be') return plural ? 'are' : 'is';
  if (plural) return base;
  if (base === 'have') return 'has';
  if (base === 'do' || base === 'go') return `${base}es`;
  if (/(s|sh|ch|x|z|o)$/.test(base)) return `${base}es`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`;
  return `${base}s`;
}

/** Whether a subject noun phrase is plural: "buzzards", "twelve pairs of shoes", "salt and smoke". */
function pluralSubject(words: readonly string[]): boolean {
  // Only the words of the verb's own clause: "three minutes after [the alarm] went off".
  const clause = words.findLastIndex((word) => CLAUSE_STARTS.has(plain(word)));
  const subject = words
    .slice(clause + 1)
    .filter((word) => !/^(still|all|already|just|never|always|only|ever|once|now|then)$/i.test(plain(word)));
  if (subject.length === 0) return false;
  const cut = subject.findIndex((word, index) => index > 0 && PREPOSITIONS.has(word.toLowerCase()));
  const phrase = cut > 0 ? subject.slice(0, cut) : subject;
  if (phrase.some((word) => word.toLowerCase() === 'and')) return true;
  if (
    phrase.some((word) =>
      /^(two|three|four|five|six|seven|eight|nine|ten|twelve|all|both|many|few|hundreds|thousands)$/i.test(word),
    )
  )
    return true;
  const head = (phrase.at(-1) ?? '').replace(/[^\p{L}’'-]/gu, '');
  if (/^(people|men|women|children|feet|teeth|mice|geese|police|cattle|fish|koi|deer|sheep)$/i.test(head)) return true;
  if (/^\p{Lu}/u.test(head) && !/^\p{Lu}+$/u.test(head)) return false;
  if (/(ss|us|is|ics|ous)$/i.test(head)) return false;
  if (/[^e]as$/i.test(head)) return false;
  return /s$/i.test(head) && !/’s$|'s$/.test(head);
}

/**
 * A past-tense clause in the present: "buzzards circled over the ridge" ->
 * "buzzards circle over the ridge". `subjectless` phrases start with their
 * verb ("checked the cylinder") and take a singular subject.
 */
export function toPresent(clause: string, subjectless = false): string {
  const words = clause.split(' ');
  let found = false;
  let plural = false;
  // After "had been folded", a verb joined by "and" is another participle: "and put away".
  let participles = false;
  let clauseStart = -1;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const core = word.replace(/[^\p{L}’'-]/gu, '');
    const lower = core.toLowerCase();
    const previous = plain(words[index - 1]);
    if (found && (lower === 'would' || lower === 'could')) {
      words[index] = word.replace(core, lower === 'would' ? 'will' : 'can');
      continue;
    }
    if (found && CLAUSE_STARTS.has(lower)) {
      clauseStart = index + 1;
      continue;
    }
    const atStart = subjectless && index === 0;
    if (!atStart && /^un\p{L}+ed$/u.test(lower)) continue;
    // "forty-eight hours left": a participle after a count, not the verb "leave".
    if (lower === 'left' && /^(hours|minutes|seconds|days|weeks|nothing|none|one)$/.test(previous)) continue;
    const hyphen = core.lastIndexOf('-');
    const base = hyphen > 0 && atStart ? hyphenated(core, hyphen) : pastToBase(core);
    if (base === undefined) continue;
    const known = lower in IRREGULAR || lower in ED_WORDS;
    const free =
      !DETERMINERS.has(previous) &&
      !/[’']s$/.test(previous) &&
      !AUXILIARIES.has(previous) &&
      (!PREPOSITIONS.has(previous) || ADVERBIAL.has(previous));
    let number: boolean | undefined;
    if (atStart) number = false;
    else if (!found) {
      if (index > 0 && free && !subjectContinues(words, index, base)) number = pluralSubject(words.slice(0, index));
    } else if (previous === 'and' || previous === 'then' || previous === 'but') {
      if (!participles && (known || previous === 'then' || isLikelyVerbAfterAnd(words, index))) number = plural;
    } else if (SUBJECT_WORDS.has(previous)) {
      number = previous === 'they' || (/^(that|which|who)$/.test(previous) && pluralSubject([plain(words[index - 2])]));
    } else if (clauseStart >= 0 && (index > clauseStart || previous === 'than') && free) {
      number = pluralSubject(words.slice(clauseStart, index));
    }
    if (number === undefined) continue;
    if (!found) {
      plural = number;
      participles = (base === 'have' || base === 'be') && participleFollows(words, index);
    }
    clauseStart = -1;
    const present = base === 'be' ? (lower === 'were' ? 'are' : 'is') : thirdPerson(base, number);
    words[index] = word.replace(core, /^\p{Lu}/u.test(core) ? present[0]!.toUpperCase() + present.slice(1) : present);
    found = true;
  }
  return words.join(' ');
}

/** "hot-wired" -> "hot-wire". */
function hyphenated(word: string, hyphen: number): string | undefined {
  const base = pastToBase(word.slice(hyphen + 1));
  return base === undefined ? undefined : `${word.slice(0, hyphen + 1).toLowerCase()}${base}`;
}

/** "a single red rose lay", "Aztec feathered banners hung": the past form belongs to the subject, the verb comes later. */
function subjectContinues(words: readonly string[], index: number, base: string): boolean {
  if (base === 'have' || base === 'be') return false;
  const next = plain(words[index + 1]);
  const current = plain(words[index]);
  if (
    current in IRREGULAR &&
    next &&
    !DETERMINERS.has(next) &&
    !/^un.+ed$/.test(next) &&
    pastToBase(next) !== undefined
  )
    return true;
  const after = plain(words[index + 2]);
  return /s$/.test(next) && !!after && (after in IRREGULAR || /ed$/.test(after)) && pastToBase(after) !== undefined;
}

/** Whether an auxiliary "had" or "was" is followed by a participle: "had all turned", "was nailed shut". */
function participleFollows(words: readonly string[], index: number): boolean {
  let next = index + 1;
  while (
    /^(all|already|just|not|never|still|long|since|been)$/.test(plain(words[next])) &&
    plain(words[next]) !== 'been'
  )
    next += 1;
  const word = plain(words[next]);
  return word === 'been' || /(ed|en)$/.test(word) || word in IRREGULAR;
}

/** After "and", an -ed word is a verb when an object or a place follows it: "and swore", "and turned to the door". */
function isLikelyVerbAfterAnd(words: readonly string[], index: number): boolean {
  const next = plain(words[index + 1]);
  return (
    next === '' ||
    DETERMINERS.has(next) ||
    PREPOSITIONS.has(next) ||
    /^(away|back|off|out|again|to|as|when|while|until|and|it|them|itself|twice|once|up|down)$/.test(next)
  );
}
