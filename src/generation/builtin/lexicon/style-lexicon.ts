import type { BookStyle } from '../../../catalog/catalog';

export type ConcreteStyle = Exclude<BookStyle, 'automatic'>;

/** The shape drawn across a style's illustrations. */
export type Motif = 'stars' | 'moon' | 'sun' | 'city' | 'trees' | 'waves' | 'mountains' | 'desert' | 'spiral';

/**
 * Everything a style changes in a builtin book: where it happens, who is in
 * it, what they handle and say, what threatens them and how it looks.
 *
 * The engine drops these phrases into sentence templates, so each field has a
 * fixed grammatical form (given per field below) and none of them may carry a
 * pronoun, a capital at the start (unless it is a proper noun) or a final
 * full stop, except where a field says "sentence". Every list needs at least
 * the number of entries given; more entries mean less repetition in long books.
 */
export interface StyleLexicon {
  /** How the style is named in prose and subtitles: "western", "science fiction". */
  label: string;
  /** Prompt words that make `automatic` choose this style (lower case, matched as word starts). */
  keywords: readonly string[];

  /** Scene locations: noun phrase with its article. "the sheriff's office", "a dry creek bed". At least 10. */
  places: readonly string[];
  /** What the eye catches: a clause in the past tense. "dust hung in the slanting light". At least 12. */
  sights: readonly string[];
  /** What the ear catches, same form. "a windmill creaked somewhere out of sight". At least 8. */
  sounds: readonly string[];
  /** Smell, touch or temperature, same form. "the air smelled of horse sweat and gun oil". At least 6. */
  smells: readonly string[];
  /** When or in what weather a scene opens: an adverbial phrase. "at sundown", "under a white noon sky". At least 8. */
  times: readonly string[];

  /** Given names of the style's world for characters called she/her. At least 8. */
  femaleNames: readonly string[];
  /** Given names for characters called he/him. At least 8. */
  maleNames: readonly string[];
  /** Family names or epithets that follow a given name: "Hale", "of the Marches". At least 8. */
  surnames: readonly string[];

  /** The protagonist's occupation: noun phrase with "a"/"an". "a deputy marshal". At least 5. */
  heroRoles: readonly string[];
  /** The companion's occupation, same form. "a card sharp with a conscience". At least 5. */
  allyRoles: readonly string[];
  /** The antagonist's occupation, same form. "a cattle baron". At least 5. */
  rivalRoles: readonly string[];
  /** An older, wiser figure, same form. "a retired Texas Ranger". At least 4. */
  mentorRoles: readonly string[];
  /** Bystanders the story meets: noun phrase with "the". "the undertaker". At least 8. */
  extras: readonly string[];

  /** Things that matter: noun phrase with its article. "a tin star", "the deed to the ranch". At least 10. */
  objects: readonly string[];
  /** Mood adjectives of the style. "sun-bleached", "lawless". At least 10. */
  adjectives: readonly string[];
  /** Nouns of the style's world used in narration, no article. "posse", "frontier", "six-shooter". At least 10. */
  jargon: readonly string[];

  /** The central threat or mystery: noun phrase with its article. "a stagecoach that never arrives". At least 6. */
  threats: readonly string[];
  /** What the protagonist wants: infinitive phrase without "to". "bring the Cutter gang to justice". At least 6. */
  goals: readonly string[];
  /** What happens if the protagonist fails: a clause. "the town will hang an innocent man". At least 5. */
  stakes: readonly string[];
  /** The companion's hidden past: a verb phrase in the past tense. "once rode with the Cutter gang". At least 5. */
  secrets: readonly string[];
  /** Things people do in this world: a verb phrase in the past tense. "checked the cylinder of the revolver". At least 10. */
  actions: readonly string[];
  /** Short spoken outbursts: sentence with its own punctuation. "Well, I'll be damned." At least 6. */
  exclamations: readonly string[];
  /** Wisdom the mentor offers: sentence. "A man's word is the one thing nobody can steal." At least 5. */
  sayings: readonly string[];
  /** What the story is about underneath: abstract noun. "justice", "redemption". At least 4. */
  themes: readonly string[];
  /** Comic sound effects, upper case with punctuation. "BLAM!", "CREAK...". At least 6. */
  soundEffects: readonly string[];

  /** The same world made gentle for a picture book for small children. */
  children: {
    /** Noun phrase with article, simple words. "a big red barn". At least 6. */
    places: readonly string[];
    /** Noun phrase with article. "a shiny silver star". At least 6. */
    things: readonly string[];
    /** An animal or toy friend: noun phrase with article and a name. "a pony called Biscuit". At least 6. */
    friends: readonly string[];
  };

  /** Illustration colours: background, accent, light. */
  palette: readonly [string, string, string];
  motif: Motif;
}
