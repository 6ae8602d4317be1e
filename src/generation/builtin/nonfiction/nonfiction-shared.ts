/**
 * What the three non-fiction writers (textbook, self-help, non-fiction)
 * share: the book's subject read from the world, the people of the style's
 * world who appear in its illustrations, the slots every template may use,
 * and the voice that `custom_tone` asks for.
 *
 * The engine knows no facts about any subject, so these books teach and
 * argue about how to study, practise, weigh and apply a subject, and say
 * plainly that their people and scenes are illustrations.
 */
import type { FrontMatter } from '../../../book/book-document';
import { Chooser, expand, type Slots } from '../grammar';
import type { ConcreteStyle } from '../lexicon/style-lexicon';
import { hashString, Random } from '../prng';
import { capitalize, titleCase } from '../text';
import type { BookOutline, SectionOutline } from '../type-writer';
import type { Character, World } from '../world';
import { escapeRegExp } from '../../../common/escape-reg-exp';
import { joinList } from '../../../common/join-list';

export type NonFictionType = 'textbook' | 'self_help' | 'non_fiction';

/** A book's subject in the grammatical forms the templates need. */
export interface Subject {
  /** A noun phrase for sentences: "astronomy", "the printing press", "breaking the habit of procrastinating". */
  noun: string;
  /** What the reader wants, an infinitive phrase without "to": "understand astronomy", "stop procrastinating". */
  aim: string;
  /** The subject for a book title: "Astronomy", "How to Stop Procrastinating". */
  title: string;
  /** The subject as a noun phrase in title case, to sit inside a title: "Astronomy", "the Printing Press". */
  titleNoun: string;
  /** Whether the prompt asked for an action ("stop procrastinating") rather than a thing. */
  action: boolean;
  plural: boolean;
}

/**
 * Subjects for a request without a prompt, chosen to suit each style: a
 * western textbook teaches frontier survival, a science fiction one orbital
 * mechanics for colonists. Textbook and non-fiction subjects are noun
 * phrases; self-help ones are what the reader wants to do.
 */
const STYLE_SUBJECTS: Record<ConcreteStyle, Record<NonFictionType, readonly string[]>> = {
  action: {
    textbook: ['planning under pressure', 'teamwork in a crisis'],
    self_help: ['keep a cool head under pressure', 'bounce back after a setback'],
    non_fiction: ['courage', 'the heroism of ordinary people'],
  },
  horror: {
    textbook: ['the craft of the ghost story', 'fear and the imagination'],
    self_help: ['face your fears', 'make peace with the dark'],
    non_fiction: ['fear', 'the appeal of being frightened'],
  },
  history: {
    textbook: ['medieval guilds', 'reading old charters'],
    self_help: ['keep going through hard seasons', 'lead with humility'],
    non_fiction: ['the medieval guild', 'power and the crown'],
  },
  sci_fi: {
    textbook: ['orbital mechanics for colonists', 'life support systems'],
    self_help: ['stay calm in the unknown', 'adapt to a new world'],
    non_fiction: ['the cost of progress', 'the colonisation of space'],
  },
  superhero: {
    textbook: ['the ethics of power', 'teamwork for heroes'],
    self_help: ['find your hidden strength', 'balance two lives'],
    non_fiction: ['heroism', 'the secret identity'],
  },
  mystery: {
    textbook: ['the art of deduction', 'reading evidence'],
    self_help: ['notice what others miss', 'think clearly under suspicion'],
    non_fiction: ['the detective story', 'the nature of evidence'],
  },
  drama: {
    textbook: ['family history research', 'public speaking'],
    self_help: ['mend a family rift', 'find your way home'],
    non_fiction: ['forgiveness', 'the family'],
  },
  romance: {
    textbook: ['the art of letter writing', 'the language of flowers'],
    self_help: ['open your heart again', 'build a lasting relationship'],
    non_fiction: ['the love letter', 'courtship'],
  },
  fantasy: {
    textbook: ['the study of runes', 'potion-making for apprentices'],
    self_help: ['find your courage', 'carry a heavy destiny'],
    non_fiction: ['the price of power', 'the hero’s quest'],
  },
  adventure: {
    textbook: ['map reading and navigation', 'expedition planning'],
    self_help: ['step out of your comfort zone', 'keep going when the trail is hard'],
    non_fiction: ['exploration', 'the lure of the unknown'],
  },
  crime: {
    textbook: ['investigative interviewing', 'the chain of evidence'],
    self_help: ['keep your integrity under pressure', 'rebuild trust'],
    non_fiction: ['corruption', 'justice and the law'],
  },
  western: {
    textbook: ['frontier survival', 'horsemanship'],
    self_help: ['stand your ground', 'keep your word'],
    non_fiction: ['the frontier', 'law on the frontier'],
  },
  comedy: {
    textbook: ['comic timing', 'the craft of the joke'],
    self_help: ['laugh at your mistakes', 'stop taking yourself so seriously'],
    non_fiction: ['laughter', 'embarrassment'],
  },
  epic: {
    textbook: ['military strategy', 'the art of leadership'],
    self_help: ['lead with honour', 'carry responsibility well'],
    non_fiction: ['the rise and fall of empires', 'honour'],
  },
  thriller: {
    textbook: ['tradecraft', 'codes and ciphers'],
    self_help: ['trust your instincts', 'handle uncertainty'],
    non_fiction: ['secrecy', 'trust and betrayal'],
  },
  mythology: {
    textbook: ['the myths of the gods', 'reading ancient myths'],
    self_help: ['accept what you cannot change', 'tame your pride'],
    non_fiction: ['fate', 'the hero myth'],
  },
  folklore: {
    textbook: ['hedgerow herbs', 'folk tales and their tellers'],
    self_help: ['live by the old ways', 'be a good neighbour'],
    non_fiction: ['hospitality', 'the folk tale'],
  },
  fable: {
    textbook: ['fables and their morals', 'the farming year'],
    self_help: ['be patient', 'practise honesty'],
    non_fiction: ['patience', 'the moral of the story'],
  },
  fairy_tale: {
    textbook: ['the fairy tale', 'the etiquette of royal courts'],
    self_help: ['stay kind in an unkind world', 'believe in your own transformation'],
    non_fiction: ['kindness', 'the happy ending'],
  },
  legend: {
    textbook: ['the code of chivalry', 'heraldry'],
    self_help: ['keep your oath', 'serve something larger than yourself'],
    non_fiction: ['chivalry', 'the golden age'],
  },
  psychological: {
    textbook: ['memory', 'the psychology of grief'],
    self_help: ['make peace with the past', 'quiet an anxious mind'],
    non_fiction: ['memory', 'identity'],
  },
  suspense: {
    textbook: ['personal safety', 'risk assessment'],
    self_help: ['stay calm when you are afraid', 'make decisions under pressure'],
    non_fiction: ['the unknown', 'vulnerability'],
  },
  noir: {
    textbook: ['investigative journalism', 'the private investigator’s trade'],
    self_help: ['keep your conscience in a crooked world', 'walk away from a bad deal'],
    non_fiction: ['the city at night', 'moral compromise'],
  },
  paranormal: {
    textbook: ['investigating the unexplained', 'sceptical inquiry'],
    self_help: ['let go of the past', 'finish unfinished business'],
    non_fiction: ['belief', 'grief and remembrance'],
  },
  dystopian: {
    textbook: ['media literacy', 'civic rights'],
    self_help: ['think for yourself', 'resist quietly'],
    non_fiction: ['freedom', 'propaganda'],
  },
  post_apocalyptic: {
    textbook: ['wilderness survival', 'salvage and repair'],
    self_help: ['start again from nothing', 'build a community'],
    non_fiction: ['rebuilding', 'community'],
  },
  cyberpunk: {
    textbook: ['network security', 'programming for beginners'],
    self_help: ['take back your attention', 'protect your privacy'],
    non_fiction: ['corporate power', 'what makes us human'],
  },
  alternate_history: {
    textbook: ['counterfactual history', 'the Analytical Engine'],
    self_help: ['make peace with the road not taken', 'embrace chance'],
    non_fiction: ['chance in history', 'the fragility of history'],
  },
  gothic: {
    textbook: ['Gothic architecture', 'family history and inheritance'],
    self_help: ['escape the shadow of the past', 'face family secrets'],
    non_fiction: ['inheritance', 'the sins of the past'],
  },
  tragedy: {
    textbook: ['tragic drama', 'the art of the chorus'],
    self_help: ['recover from a great loss', 'tame your pride'],
    non_fiction: ['pride', 'grief'],
  },
  surrealism: {
    textbook: ['dream journaling', 'creative thinking'],
    self_help: ['unlock your imagination', 'find meaning in the absurd'],
    non_fiction: ['dreams', 'imagination'],
  },
};

/** Verbs that start a prompt asking for an action ("how to stop procrastinating"). */
const ACTION_VERBS = new Set(
  (
    'accept act adapt balance bake be become beat believe boost bounce break build carry change cook create cut deal ' +
    'develop do draw eat embrace escape face feel find finish fix forgive get grow handle improve keep laugh lead ' +
    'learn let live lose love make manage master meditate mend move negotiate notice open overcome paint plan play ' +
    'practise practice protect quiet quit raise read rebuild recover resist run save say serve set sing sleep speak ' +
    'stand start stay step stop study take talk tame teach think trust understand unlock walk win work write'
  ).split(' '),
);

const DOUBLED = new Set(
  'begin chat cut drop forget get let plan put quit run set shop sit step stop swim win'.split(' '),
);

/** "stop" -> "stopping", "make" -> "making", "be" -> "being". */
export function gerund(verb: string): string {
  const lower = verb.toLowerCase();
  if (lower === 'be' || lower === 'see') return `${verb}ing`;
  if (lower === 'lie' || lower === 'die') return `${verb.slice(0, -2)}ying`;
  if (DOUBLED.has(lower)) return `${verb}${verb.slice(-1)}ing`;
  if (/[^eoy]e$/i.test(verb)) return `${verb.slice(0, -1)}ing`;
  return `${verb}ing`;
}

/** Words that show a prompt phrase is a clause ("a lighthouse keeper named Mara finds a map"). */
const CLAUSE_WORDS = new Set(
  (
    'named called who that which is are was were has have had must can could will would should finds found ' +
    'discovers discovered learns learned meets met goes went becomes became tries tried wants needs gets makes ' +
    'takes loses falls fights returns travels searches sets starts decides helps saves runs lives sees hears ' +
    'comes leaves keeps joins escapes faces fell rose began ended changed happened happens works worked'
  ).split(' '),
);

/** "dragon" -> "dragons", "city" -> "cities", "witch" -> "witches". */
function pluralOf(phrase: string): string {
  if (/[^aeiou]y$/i.test(phrase)) return `${phrase.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(phrase)) return `${phrase}es`;
  return `${phrase}s`;
}

const HEAD_BREAK = /\s(?:of|for|in|on|under|at|with|from|to)\s/;

function isPlural(noun: string): boolean {
  const head = noun.split(HEAD_BREAK)[0] ?? noun;
  if (/\sand\s/.test(head) && !/rise and fall|law and order/.test(head)) return true;
  const last = head.split(/\s+/).pop() ?? head;
  return /[^s]s$/i.test(last) && !/(ics|us|is|ness|ous|ss)$/i.test(last);
}

/** The subject of the book: from the prompt when there is one, else a subject that suits the style. */
export function bookSubject(world: World, type: NonFictionType): Subject {
  let phrase: string;
  // "Why cities flood": the subject is the flooding of cities, not "cities flood". Past tenses ("why Rome
  // fell") keep the general path: their gerund would need the verb's dictionary form.
  const why = /^\s*(?:why|how)\s+((?:the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(\p{Ll}+)\s*(?:\band\b|[,.;:?!]|$)/iu.exec(
    world.premise,
  );
  const whyVerb = why?.[2] ?? '';
  if (
    world.prompted &&
    why &&
    !/^to\b/i.test(why[1] ?? '') &&
    !/ed$|^(fell|rose|won|lost|began|grew|broke|came|went|became|fought|sank|froze|took|made|left|did|was|were|is|are)$/.test(
      whyVerb,
    )
  ) {
    phrase = `the ${gerund(whyVerb.replace(/(?<=[^s])s$/, ''))} of ${why[1]}`;
  } else if (world.prompted) {
    // "How to be more confident": the prompt reader drops "be" as a stop word; the aim needs it back.
    const howTo = /\bhow to\s+([^.,;!?]+)/i.exec(world.premise)?.[1]?.trim().split(/\s+/).slice(0, 6).join(' ');
    // "Explain why the Roman Empire fell": the instruction is not the subject.
    const asked = world.topic.replace(
      /^(explain|describe|discuss|tell me|teach me|show me|write)\s+((why|how|what|when|where)\s+)?/i,
      '',
    );
    phrase = (howTo && ACTION_VERBS.has(howTo.split(' ')[0]?.toLowerCase() ?? '') ? howTo : asked)
      .replace(/\s+(a|an|the|of|and|or|to|for|in|on|with)$/i, '')
      .replace(/[.!?]+$/, '')
      .trim();
  } else {
    const choices = STYLE_SUBJECTS[world.style][type];
    phrase = choices[hashString(`${world.premise}|${type}`) % choices.length] ?? choices[0] ?? 'learning';
  }
  if (!phrase) phrase = world.topic;
  // A story-like prompt ("a dragon learns a lesson") gives a clause, not a subject: keep the noun before its verb.
  const clause = phrase.split(/\s+/).findIndex((word, index) => index > 0 && CLAUSE_WORDS.has(word.toLowerCase()));
  const storyLike = clause > 0 && !ACTION_VERBS.has(phrase.split(/\s+/)[0]?.toLowerCase() ?? '');
  if (storyLike) phrase = phrase.split(/\s+/).slice(0, clause).join(' ');
  const words = phrase.split(/\s+/);
  const first = words[0] ?? '';
  const action = ACTION_VERBS.has(first.toLowerCase()) && words.length > 1;
  if (action) {
    const verb = first.toLowerCase();
    const rest = words.slice(1).join(' ');
    const habit = (verb === 'stop' || verb === 'quit') && /ing$/.test(words[1] ?? '');
    const noun = habit ? `breaking the habit of ${rest}` : `${gerund(verb)} ${rest}`;
    const aim = `${verb} ${rest}`;
    return { noun, aim, title: `How to ${titleCase(aim)}`, titleNoun: inTitle(noun), action: true, plural: false };
  }
  // "The history of the printing press": the prompt says "the printing press", so the book does too.
  const escaped = escapeRegExp(phrase);
  const article = new RegExp(`\\b(the|a|an)\\s+${escaped}`, 'i').exec(world.premise)?.[1]?.toLowerCase();
  // "A dragon learns a lesson" is about dragons in general.
  const noun =
    storyLike && (article === 'a' || article === 'an')
      ? pluralOf(phrase)
      : article && !/^(the|a|an)\s/i.test(phrase)
        ? `${article} ${phrase}`
        : phrase;
  const plural = isPlural(noun);
  return {
    noun,
    aim: type === 'self_help' ? `make real progress with ${noun}` : `understand ${noun}`,
    title: capitalize(inTitle(noun)),
    titleNoun: inTitle(noun),
    action: false,
    plural,
  };
}

/** Title case for a phrase that sits inside a title: "the printing press" -> "the Printing Press". */
function inTitle(phrase: string): string {
  return titleCase(`x ${phrase}`).slice(2);
}

/** A person of the style's world who appears in the book's illustrations. */
export interface Person {
  first: string;
  full: string;
  role: string;
  pronoun: 'she' | 'he';
}

/** Words in a role that rule it out for the other pronoun. */
const GENDERED: Record<'she' | 'he', RegExp> = {
  she: /\b(man|men|boy|son|brother|father|king|prince|husband|widower|lord|monk|fiancé|groom|nephew|uncle|sir|squire|god|patriarch|duke|emperor|baron)\b/i,
  he: /\b(woman|women|girl|daughter|sister|mother|queen|princess|wife|widow|lady|nun|fiancée|bride|niece|aunt|maid|maiden|goddess|priestess|governess|heiress|waitress|actress|seamstress|femme|dame|diva|matriarch|landlady|hostess|duchess|countess|empress|sorceress|enchantress|witch)\b/i,
};

/**
 * Eight people: the world's cast (so a name from the prompt appears first)
 * and four more from the style's names and roles. Derived from the world
 * alone, so every section and the back matter agree on who is who.
 */
export function bookCast(world: World): Person[] {
  const { lexicon } = world;
  const random = new Random(`${world.style}|${world.premise}|${world.hero.full}|cast`);
  const fromCharacter = (character: Character): Person => ({
    first: character.first,
    full: character.full,
    role: character.role,
    pronoun: character.pronoun,
  });
  const allRoles = [...new Set([...lexicon.heroRoles, ...lexicon.allyRoles, ...lexicon.mentorRoles])];
  // The world may give "a femme fatale" to a he; the illustrations give them a role that fits.
  const people = [world.hero, world.ally, world.mentor, world.rival]
    .map(fromCharacter)
    .map((person, index) =>
      GENDERED[person.pronoun].test(person.role) && !(index === 0 && world.heroNamed)
        ? { ...person, role: allRoles.find((role) => !GENDERED[person.pronoun].test(role)) ?? person.role }
        : person,
    );
  const taken = new Set(people.map((person) => person.first));
  const usedRoles = new Set(people.map((person) => person.role));
  const roles = random.shuffle(allRoles.filter((role) => !usedRoles.has(role)));
  const names = random.shuffle([
    ...lexicon.femaleNames.map((name): [string, 'she' | 'he'] => [name, 'she']),
    ...lexicon.maleNames.map((name): [string, 'she' | 'he'] => [name, 'he']),
  ]);
  // Family names not already worn by the world's cast, so two people are not taken for relatives.
  const worn = people.map((person) => person.full);
  const fresh = lexicon.surnames.filter((surname) => !worn.some((name) => name.endsWith(` ${surname}`)));
  const surnames = random.shuffle(fresh.length >= 4 ? fresh : lexicon.surnames);
  let added = 0;
  for (const [first, pronoun] of names) {
    if (added >= 4) break;
    if (taken.has(first)) continue;
    taken.add(first);
    const surname = surnames[added % Math.max(1, surnames.length)] ?? '';
    const full = /^(the|a|an)\s/i.test(first) || !surname ? first : `${first} ${surname}`;
    // A role that names a gender goes only to someone of that gender: no "she, the blind newsstand man".
    const fitting = roles.filter((role) => !GENDERED[pronoun].test(role));
    const role = fitting[added % Math.max(1, fitting.length)] ?? world.hero.role;
    if (roles.includes(role)) roles.splice(roles.indexOf(role), 1);
    people.push({ first, full, pronoun, role });
    added += 1;
  }
  return people;
}

export function personSlots(prefix: string, person: Person): Record<string, string> {
  const she = person.pronoun === 'she';
  return {
    [prefix]: person.first,
    [`${prefix}.full`]: person.full,
    [`${prefix}.role`]: person.role,
    [`${prefix}.he`]: she ? 'she' : 'he',
    [`${prefix}.him`]: she ? 'her' : 'him',
    [`${prefix}.his`]: she ? 'her' : 'his',
    [`${prefix}.self`]: she ? 'herself' : 'himself',
  };
}

/** "keep your word" said of someone else: "keep [p.his] word", "keep my word", "keep their word". */
function aimOf(aim: string, forms: { are: string; self: string; his: string; him: string }): string {
  return aim
    .replace(/\byou are\b/g, forms.are)
    .replace(/\byourself\b/g, forms.self)
    .replace(/\byour\b/g, forms.his)
    .replace(/\byou\b/g, forms.him);
}

/**
 * The subject's forms as slots: `subject`, `aim`, `Subject`, agreement words,
 * and the aim said of others: `my.aim`, `their.aim`, `p.aim` (a template, so
 * it follows whoever `p` is).
 */
export function subjectSlots(subject: Subject): Record<string, string> {
  const pAim = aimOf(subject.aim, { are: '[p.he] is', self: '[p.self]', his: '[p.his]', him: '[p.him]' });
  return {
    'my.aim': aimOf(subject.aim, { are: 'I am', self: 'myself', his: 'my', him: 'me' }),
    'their.aim': aimOf(subject.aim, { are: 'they are', self: 'themselves', his: 'their', him: 'them' }),
    'p.aim': pAim,
    'p.learn': subject.action ? `learn to ${pAim}` : `learn about ${subject.noun}`,
    subject: subject.noun,
    topic: subject.noun,
    aim: subject.aim,
    Subject: subject.titleNoun,
    Title: subject.title,
    learn: subject.action ? `learn to ${subject.aim}` : `learn about ${subject.noun}`,
    'subject.is': subject.plural ? 'are' : 'is',
    'subject.matters': subject.plural ? 'matter' : 'matters',
    // A verb's ending after the subject: "deal[subject.s] with".
    'subject.s': subject.plural ? '' : 's',
    'subject.es': subject.plural ? '' : 'es',
    'subject.was': subject.plural ? 'were' : 'was',
    'subject.has': subject.plural ? 'have' : 'has',
    'subject.does': subject.plural ? 'do' : 'does',
    'subject.it': subject.plural ? 'they' : 'it',
    'subject.them': subject.plural ? 'them' : 'it',
    'subject.its': subject.plural ? 'their' : 'its',
  };
}

/** The places of the book's illustrations: the world's own, in its order. */
export function bookPlaces(world: World): string[] {
  return [world.home, ...world.journey, world.stronghold];
}

/** Who and where one section's illustrations are about: the same for the section and the back matter. */
export interface SectionScene {
  p: Person;
  q: Person;
  r: Person;
  here: string;
  there: string;
}

export function sectionScene(world: World, section: SectionOutline): SectionScene {
  const cast = bookCast(world);
  const places = bookPlaces(world);
  const index = section.number - 1;
  const at = <T>(items: readonly T[], offset: number): T => items[(index + offset) % items.length] as T;
  return {
    p: at(cast, 0),
    q: at(cast, 3),
    r: at(cast, 5),
    here: at(places, 0),
    there: at(places, Math.max(1, Math.floor(places.length / 2))),
  };
}

/** The same scene seen from its second person: p, q and r change places, and the place moves too. */
export function rotated(scene: SectionScene): Record<string, string> {
  return {
    ...personSlots('p', scene.q),
    ...personSlots('q', scene.r),
    ...personSlots('r', scene.p),
    here: scene.there,
    there: scene.here,
  };
}

/** Everything one section's templates may name, on top of the world's slots. */
export function sectionSlots(
  world: World,
  outline: BookOutline,
  section: SectionOutline,
  subject: Subject,
): Record<string, string | readonly string[]> {
  const scene = sectionScene(world, section);
  const index = section.number - 1;
  const next = outline.sections[index + 1];
  const previous = outline.sections[index - 1];
  const { jargon } = world.lexicon;
  return {
    ...subjectSlots(subject),
    ...personSlots('p', scene.p),
    ...personSlots('q', scene.q),
    ...personSlots('r', scene.r),
    here: scene.here,
    there: scene.there,
    title: section.title,
    next: next ? next.title : '',
    last: outline.sections.at(-1)?.title ?? section.title,
    // Jargon used as "the [thing]": "the territory" loses its own article.
    thing: (jargon[(index * 5) % jargon.length] ?? 'work').replace(/^the\s+/i, ''),
    previous: previous ? previous.title : '',
    number: String(section.number),
    author: world.author.trim() || 'the author',
    book: outline.title,
  };
}

/** Picks `count` items and keeps them in the material's order, so explanations and steps still build. */
export function inOrder<T>(random: Random, items: readonly T[], count: number): T[] {
  const chosen = new Set(
    random.sample(
      items.map((_, index) => index),
      count,
    ),
  );
  return items.filter((_, index) => chosen.has(index));
}

/** Words for small numbers, for titles and prose. */
export function numberWord(value: number): string {
  const words = [
    'zero',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
    'thirteen',
    'fourteen',
    'fifteen',
  ];
  return words[value] ?? String(value);
}

/** Expands templates outside a section (outline, front and back matter) with a chooser of its own. */
export function bookWriter(random: Random, slots: Slots): (template: string) => string {
  const chooser = new Chooser(random, 0, 1);
  return (template: string) => expand(template, slots, random, chooser);
}

/** One title per section, never the same twice in a book: tries each template in turn. */
export function uniqueTitle(
  candidates: readonly string[],
  write: (template: string) => string,
  used: Set<string>,
  fallback: string,
): string {
  for (const template of candidates) {
    const title = titleCase(write(template).replace(/\.$/, ''));
    if (!used.has(title.toLowerCase())) {
      used.add(title.toLowerCase());
      return title;
    }
  }
  used.add(fallback.toLowerCase());
  return fallback;
}

/** The kinds of voice `custom_tone` can ask for. */
export type Voice = 'light' | 'dark' | 'warm' | 'lyrical' | 'plain' | 'formal';

const VOICE_PATTERNS: ReadonlyArray<[RegExp, Voice]> = [
  [/funn|humor|humour|wry|witty|comic|playful|silly|light|whims|sarcas|ironic|cheeky|dry/i, 'light'],
  [/dark|grim|bleak|gritty|brooding|sombre|somber|menac|cynic|haunt|melanchol|sad|serious/i, 'dark'],
  [/warm|hope|uplift|gentle|cosy|cozy|tender|heartfelt|kind|optimis|sweet|joy|encourag|friendly|support/i, 'warm'],
  [/lyric|poetic|dreamy|elegant|literary|atmospher|evocative|ornate|beautiful|reflective/i, 'lyrical'],
  [/plain|terse|spare|minimal|direct|blunt|simple|hard-boiled|matter|concise|practical/i, 'plain'],
  [/formal|academic|scholarly|rigorous|precise|authoritative|professional/i, 'formal'],
];

/** The voices the book's tone words call for, in the order the client gave them. */
export function bookVoices(world: World): Voice[] {
  const voices: Voice[] = [];
  for (const word of world.tone) {
    for (const [pattern, voice] of VOICE_PATTERNS)
      if (pattern.test(word) && !voices.includes(voice)) voices.push(voice);
  }
  return voices;
}

/** Asides in each voice, shared by the three types: one or two per section when the client asked for a tone. */
export const VOICE_ASIDES: Record<Voice, readonly string[]> = {
  light: [
    'Nobody has ever mastered [subject] by highlighting an entire page in yellow, though generations of students have tried.',
    'If this sounds like a lot of work, that is because it is. The good news is that the work is the interesting part.',
    '(A small confession: the hardest part of [subject] is often finding a pencil that works.)',
    'It is a rule of the universe that the one page you skipped is the one that matters. Plan accordingly.',
    'You may feel, at this point, a strong urge to make a cup of tea. This is normal, and it is not a strategy.',
    '[^p] would like it noted that [p.he] got this wrong at least twice before getting it right, which puts [p.him] in excellent company.',
    'There is no shame in reading a paragraph three times. There is some shame in pretending you read it once.',
    'Somewhere, someone is explaining [subject] very confidently and very wrongly. Do not be that person; be the one who checks.',
    'Think of this as [jargon] for the mind: less dramatic, more useful, and nobody gets hurt.',
    'As [p] put it, with the dryness of someone who had spent too long at [here]: “Well. That was educational.”',
  ],
  dark: [
    'Nobody is coming to do this for you. That is hard to hear, and it is also where every real beginning starts.',
    'There will be days when [subject] feel[subject.s] like a locked door in a [adjective] house. Knock anyway.',
    'Most people who start this stop halfway, quietly, and never mention it again. You do not have to be most people.',
    'Failure here is not dramatic. It is a slow drift, a habit of not quite bothering. Watch for it.',
    'The world rarely rewards understanding on the day you earn it. It rewards it later, if at all, and you learn anyway.',
    'It is easy to be fooled about [subject], and the people doing the fooling are often sincere. That is what makes it dangerous.',
    'At [here], as everywhere, the mistakes that hurt most were the ones nobody admitted.',
    'Honesty about what you do not know is not comfortable. It is only necessary.',
  ],
  warm: [
    'If this feels difficult, that is a good sign: it means you are working at the edge of what you know, which is exactly where learning happens.',
    'Be patient with yourself here. Everyone who understands [subject] well was once exactly where you are now.',
    'You are doing better than you think. The fact that you are still reading says so.',
    'Take a breath. There is no deadline on understanding, and every step you take counts.',
    'Remember that [p] found this hard too, and got there. So will you.',
    'It is worth pausing to notice how far you have come since the first page. That distance is real, and it is yours.',
    'Go gently. A small step taken kindly lasts longer than a big one taken in a rage.',
    'Whatever your starting point, there is room for you in [subject]. Nobody is born knowing any of it.',
  ],
  lyrical: [
    'Understanding arrives the way light arrives [time]: slowly, then all at once, and afterwards you cannot remember the dark.',
    'There is a quiet pleasure in this, like the moment when [sight], and the whole scene makes sense.',
    'Ideas, like rivers, are easier to follow once you have learned where they rise.',
    'Every subject has a music of its own. In [subject], it is the rhythm of question, attempt and answer.',
    'Somewhere in [here], [sound], and [p] looked up from the work, and understood.',
    'Learning is a kind of slow weather, and [subject] [subject.has] [subject.its] seasons.',
    'What we understand changes what we see: after this, even [jargon] will look a little different.',
  ],
  plain: [
    'That is the whole method. Use it.',
    'Short version: do the work, check it, do it again.',
    'No tricks here. Just practice, and honest checking.',
    'Keep it simple. Most mistakes come from skipping a step, not from a lack of talent.',
    'Write it down. Memory is not a filing system.',
    'If you remember one line from this page, make it this: test yourself, then fix what you got wrong.',
  ],
  formal: [
    'It should be noted that the methods described here are general; their application to [subject] requires care and checking against reliable sources.',
    'The reader is asked to distinguish throughout between the illustrations offered here and established findings about [subject].',
    'A rigorous approach requires that each claim about [subject] be traced to its source and tested against the evidence.',
    'Precision matters at this point: what is claimed here is a method, not a finding.',
    'The position may be summarised as follows: understanding is demonstrated by correct application, not by recall alone.',
    'For clarity, the terms used in this section are used consistently throughout the book.',
  ],
};

/** A sentence naming the requested tone and the author, for the foreword: the client sees their words taken up. */
export function toneLine(world: World): string | undefined {
  if (world.tone.length === 0) return undefined;
  return `This book is written in a ${joinList(world.tone)} voice, as its reader asked.`;
}

/** The front matter shared by the three types: a foreword signed by the author. */
export function foreword(world: World, paragraphs: readonly string[]): FrontMatter['foreword'] {
  const signed = world.author.trim() ? [`— ${world.author.trim()}`] : [];
  const tone = toneLine(world);
  return [...paragraphs, ...(tone ? [tone] : []), ...signed];
}
