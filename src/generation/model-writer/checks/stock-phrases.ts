/**
 * The stock phrases of machine-written prose. In fiction: "a shiver ran down
 * her spine", "she couldn't help but", "the air was thick with", "a wave of
 * relief washed over him". In a subject book: "in today's fast-paced world",
 * "let's dive in", "it's important to note that", "plays a crucial role".
 * Each is fine once in a book; models reach for them on every page, and
 * readers who have met them a hundred times take them for the mark of a
 * machine (the slop lists of EQ-Bench and antislop count the same families).
 * The writers are told to avoid stock phrases; this reads what they wrote
 * anyway. A story's narration only: characters may talk in clichés. English,
 * French, Spanish and German, where the wording is known ("un frisson lui
 * parcourut l'échine", "no pudo evitar", "ein Schauer lief ihr über den
 * Rücken"), like the summing-up endings (reflective-endings.ts), whose
 * phrases are not repeated here.
 */
import { primaryLanguage } from '../../../book/language-tag';
import { inParagraphs } from './paragraph-refs';
import { narration, phrase, sentencesOf } from './prose-words';
import { summingUp } from './reflective-endings';
import type { BookPlan } from '../pipeline/steps/book-plan';

/** What a book's bible is of: a story, or a subject. */
type BookKind = BookPlan['bible']['kind'];

/** A story's stock phrases, one family each; a match is reported as written. */
const STORY_PHRASES: readonly RegExp[] = [
  /\bshivers? (?:ran |running |went |crawled |raced )?(?:down|up) (?:her|his|my|their|your|the) spine\b/i,
  /\b(?:couldn[’']t|could not) help but\b/i,
  /\bbreath (?:she|he|i|they|you) (?:didn[’']t|did not|hadn[’']t|had not) (?:know|realized|realised)\b/i,
  /\bbarely (?:above|more than) a whisper\b/i,
  /\ba (?:mix|mixture|blend) of (?:fear|relief|excitement|anticipation|dread|curiosity|determination|emotions|awe|sadness|guilt|hope|anger|confusion)\b/i,
  /\bthe weight of (?:the |his |her |their |my |our )?(?:words|world|decision|silence|responsibility|moment|it all|everything)\b/i,
  /\bpalpable\b/i,
  /\b(?:a|the) (?:rich |intricate |vibrant )?tapestry of\b/i,
  /\bdelv(?:e|ed|es|ing) (?:deeper )?into\b/i,
  /\beyes (?:widened|sparkled|glinted|gleamed|shone) with\b/i,
  /\ba wave of (?:\p{L}+ )?(?:washed|swept|crashed|rolled) (?:over|through)\b/iu,
  /\bheart (?:pounded|pounding|raced|racing|hammered|hammering|thundered|thundering) (?:in|against) (?:her|his|my|their|your) (?:chest|ribs)\b/i,
  /\bthe air (?:was |hung |grew |felt )?(?:thick|heavy|electric|charged) with\b/i,
  /\b(?:an|a|the) (?:unspoken|silent) (?:understanding|promise|agreement)\b/i,
  /\b(?:a|the) (?:glimmer|flicker|spark) of hope\b/i,
  /\bsteeled (?:herself|himself|themselves|myself|ourselves|yourself)\b/i,
  /\b(?:hung|hanging|lingered|lingering) (?:heavy |heavily |thick )?in the air\b/i,
  /\bonly time would tell\b/i,
  /\bsmile (?:tugged|played|tugging|playing) (?:at|on) (?:the corners? of )?(?:her|his|their|my) (?:lips|mouth)\b/i,
  /\b(?:voice|words|tone) (?:dripping|laced) with\b/i,
  /\bthe world (?:seemed to )?(?:hold|held|holding) its breath\b/i,
  /\btime (?:seemed to )?(?:stood|stand|standing) still\b/i,
  /\bdeafening silence\b|\bsilence was deafening\b/i,
  /\bfor what (?:felt|seemed) like an eternity\b/i,
  /\bevery fib(?:er|re) of (?:her|his|my|their|your) being\b/i,
  /\b(?:a|the) (?:symphony|kaleidoscope|cacophony) of\b/i,
  /\b(?:a|the) (?:stark|poignant|sobering) reminder\b/i,
  /\b(?:her|his|my|their) mind raced\b/i,
  /\b(?:shadows|light|sunlight|firelight|moonlight|candlelight) danced (?:across|on|over|along)\b/i,
  /\bnavigat(?:e|ed|ing) the (?:complexities|intricacies)\b/i,
  /\b(?:a|the) pang of (?:guilt|regret|sadness|longing|nostalgia|jealousy)\b/i,
  /\bknot (?:formed |tightened |twisted )?in (?:her|his|my|their) (?:stomach|gut|chest)\b/i,
  /\bwith (?:a )?(?:newfound|renewed) (?:sense of )?(?:determination|purpose|resolve|hope)\b/i,
  /\ba sense of (?:foreboding|unease|dread)\b/i,
];

/** A subject book's (non-fiction, self-help, textbook) stock phrases. */
const SUBJECT_PHRASES: readonly RegExp[] = [
  /\bin today['’]s (?:fast-paced|ever-changing|rapidly changing|modern|digital|busy) world\b/i,
  /\blet['’]s (?:dive|delve|jump) (?:in|into|right in|deeper)\b/i,
  /\bdelv(?:e|ed|es|ing) (?:deeper )?into\b/i,
  /\bit['’]s (?:important|worth|crucial|essential|vital) to (?:note|remember|understand|recogni[sz]e|keep in mind) that\b/i,
  /\bin conclusion,/i,
  /\bwhether you['’]re an? [^,.;]{1,40}? or an?\b/i,
  /\b(?:unlock|unlocking|unleash|unleashing) (?:the|your|its) (?:full )?(?:power|potential|secrets?)\b/i,
  /\bharness(?:ing)? the (?:full )?power of\b/i,
  /\bnavigat(?:e|ed|ing) the (?:complexities|intricacies|landscape)\b/i,
  /\bgame[- ]changer\b/i,
  /\b(?:a|the) (?:rich |intricate |vibrant )?tapestry of\b/i,
  /\ba testament to\b/i,
  /\bplays? a (?:crucial|pivotal|vital|key|significant) role\b/i,
  /\bever-(?:evolving|changing) (?:landscape|world|field)\b/i,
  /\bembark(?:s|ed|ing)? on (?:a|this|your) journey\b/i,
  /\bin the realm of\b/i,
  /\bfoster(?:s|ed|ing)? a (?:sense|culture) of\b/i,
  /\bparadigm shift\b/i,
  /\bat the end of the day\b/i,
  /\bbuckle up\b/i,
  // "Saving isn't just about money; it's about freedom": the contrast models build a subject book's every point on.
  /\b(?:(?:is|are|was|were|it['’]s|that['’]s) not|isn['’]t|aren['’]t|wasn['’]t) (?:just|only|merely|simply) [^.;!?]{1,60}?[,;—–] ?(?:it['’]s|they['’]re|but)\b/i,
];

/** A French story's stock phrases, as models write them in French (and as translations of the English ones read). */
const FRENCH_STORY_PHRASES: readonly RegExp[] = [
  phrase(
    "un frisson (?:lui )?(?:parcour(?:ut|t|ait)|remont(?:a|e|ait)|descend(?:it|ait)) (?:l['’]échine|le dos|sa colonne|la colonne)",
  ),
  phrase("(?:put|pouvait|pus|pouvais|peut|pouvaient|purent) (?:pas )?s['’]empêcher de"),
  phrase(
    'un (?:subtil )?mélange de (?:peur|soulagement|colère|tristesse|crainte|curiosité|détermination|espoir|excitation|culpabilité|émotions)',
  ),
  phrase(
    'le poids de (?:ses|ces|leurs|mes|tes|nos|vos|sa|son|cette|la) (?:mots|paroles|décision|silence|responsabilité|monde|moment)',
  ),
  phrase('palpable'),
  phrase("une vague de (?:[\\p{L}]+ )?(?:l['’]|la |le |les )?(?:submergea|submerge|envahit|traversa|déferla)"),
  phrase('(?:son|mon|leur) cœur (?:battait|bat|battit|tambourinait|cognait) (?:la chamade|à tout rompre)'),
  phrase("l['’]air (?:était |semblait |devint )?(?:lourd|chargé|épais|électrique) de"),
  phrase("à peine plus (?:fort )?qu['’]un murmure"),
  phrase("une lueur d['’]espoir"),
  phrase("le temps (?:sembla |semblait )?(?:s['’]arrêter|s['’]arrêta|se figer|se figea|suspendu)"),
  phrase('un silence assourdissant|le silence était assourdissant'),
  phrase('chaque fibre de (?:son|mon|leur|ton) être'),
  phrase('(?:sembla|semblait|parut|parurent) (?:durer )?une éternité'),
  phrase('un nœud (?:se forma |se serra )?dans (?:son|sa|mon|ma|leur) (?:estomac|ventre|gorge|poitrine)'),
  phrase('un sourire (?:se dessina|étira|naquit|joua) (?:sur )?(?:ses|les|leurs) lèvres'),
  phrase('une tapisserie de'),
  phrase("un sentiment (?:de malaise|d['’]appréhension|d['’]effroi)"),
  phrase('un rappel (?:brutal|poignant|saisissant)'),
  phrase('une (?:nouvelle détermination|détermination (?:nouvelle|renouvelée))'),
];

/** A French subject book's stock phrases. */
const FRENCH_SUBJECT_PHRASES: readonly RegExp[] = [
  phrase(
    "dans (?:le|notre) monde (?:actuel|moderne|d['’]aujourd['’]hui|en (?:constante|perpétuelle) évolution|où tout va (?:très )?vite)",
  ),
  phrase('plongeons(?:-nous)? (?:dans|au cœur)'),
  phrase(
    "il est (?:important|essentiel|crucial|primordial) de (?:noter|souligner|rappeler|comprendre|garder à l['’]esprit) que",
  ),
  phrase('en conclusion,'),
  phrase('que vous soyez [^,.;]{1,40}? ou'),
  phrase('(?:libérer|libérez|exploiter|exploitez|débloquer|débloquez) (?:tout )?(?:le|votre|son) (?:plein )?potentiel'),
  phrase('joue(?:nt)? un rôle (?:crucial|essentiel|clé|déterminant|primordial|majeur)'),
  phrase('change(?:r|nt)? la donne'),
  phrase('une tapisserie de'),
  phrase('un (?:véritable )?témoignage de'),
  phrase('(?:embarquons|embarquez|embarquer) (?:dans|pour) (?:un|ce|votre) voyage'),
  phrase('changement de paradigme'),
  phrase('en fin de compte'),
  phrase('naviguer (?:dans|à travers) (?:les complexités|la complexité|les méandres)'),
];

/** A Spanish story's stock phrases. */
const SPANISH_STORY_PHRASES: readonly RegExp[] = [
  phrase(
    'un escalofrío (?:le |les |me )?(?:recorrió|recorre|recorría|subió|bajó) (?:por )?(?:la|su|mi) (?:espalda|columna|espina dorsal)',
  ),
  phrase('no (?:pudo|podía|pude|podían|pudieron) evitar'),
  phrase('el aire (?:estaba |se volvió |parecía )?(?:cargado|denso|espeso|impregnado) de'),
  phrase('una (?:oleada|ola) de [\\p{L}]+ (?:la |lo |me |les )?(?:invadió|recorrió|inundó|envolvió)'),
  phrase('(?:el|su|mi) corazón (?:le |me )?(?:latía|latió) (?:con fuerza|desbocado|a mil por hora)'),
  phrase('apenas (?:más que )?un susurro'),
  phrase('un (?:destello|atisbo|rayo|hilo) de esperanza'),
  phrase('el tiempo (?:pareció |parecía )?(?:detenerse|se detuvo)'),
  phrase('un silencio ensordecedor|el silencio era ensordecedor'),
  phrase('(?:pareció|parecía) (?:durar )?una eternidad'),
  phrase('palpable'),
  phrase('el peso de (?:sus|esas|estas|mis|la|su) (?:palabras|decisión|silencio|responsabilidad)'),
  phrase('cada fibra de (?:su|mi|tu) ser'),
  phrase('un nudo (?:se le formó |se formó )?en (?:el|la|su|mi) (?:estómago|garganta|pecho)'),
  phrase('una sonrisa (?:se dibujó|asomó|jugueteó|bailó) (?:en|por) (?:sus|los) labios'),
  phrase('un (?:rico |intrincado )?tapiz de'),
];

const SPANISH_SUBJECT_PHRASES: readonly RegExp[] = [
  phrase('en el mundo (?:actual|de hoy|moderno|acelerado)'),
  phrase('(?:sumerjámonos|profundicemos|adentrémonos) en'),
  phrase('es (?:importante|fundamental|crucial|esencial) (?:destacar|señalar|tener en cuenta|recordar) que'),
  phrase('en conclusión,'),
  phrase('(?:juega|desempeña) un papel (?:crucial|fundamental|clave|esencial|vital)'),
  phrase(
    '(?:libera|liberas|liberar|desbloquea|desbloqueas|desbloquear|aprovecha|aprovechas|aprovechar) (?:todo )?(?:tu|su) (?:máximo )?potencial',
  ),
  phrase('un cambio de paradigma'),
  phrase('ya seas [^,.;]{1,40}? o'),
  phrase('al fin y al cabo'),
];

/** A German story's stock phrases. */
const GERMAN_STORY_PHRASES: readonly RegExp[] = [
  phrase('ein (?:kalter )?Schauer (?:lief|jagte|rann|kroch) (?:ihr|ihm|mir|ihnen) (?:über )?den Rücken'),
  phrase('(?:konnte|konnten) nicht anders,? als'),
  phrase('die Luft (?:war|schien|wurde) (?:erfüllt von|schwer von|geladen mit|dick von)'),
  phrase('eine (?:Welle|Woge) (?:der|von) [\\p{L}]+ (?:überkam|überrollte|durchflutete|erfasste) (?:sie|ihn|mich)'),
  phrase('(?:ihr|sein|mein) Herz (?:pochte|hämmerte|raste|klopfte) (?:wie wild|bis zum Hals)'),
  phrase('kaum mehr als ein Flüstern'),
  phrase('ein (?:Hoffnungsschimmer|Funken Hoffnung|Schimmer der Hoffnung)'),
  phrase('die Zeit (?:schien )?(?:stillzustehen|stand still)'),
  phrase('(?:eine )?ohrenbetäubende Stille|die Stille war ohrenbetäubend'),
  phrase('eine gefühlte Ewigkeit|was sich wie eine Ewigkeit anfühlte'),
  phrase('(?:Spannung|Anspannung) war (?:förmlich )?greifbar'),
  phrase('das Gewicht (?:ihrer|seiner|dieser) (?:Worte|Entscheidung)'),
  phrase('(?:jede|jeder) Faser (?:ihres|seines|meines) (?:Körpers|Seins)'),
  phrase('ein Kloß (?:im|in (?:ihrem|seinem|meinem)) Hals'),
  phrase('ein Lächeln (?:umspielte|huschte über|stahl sich auf) (?:ihre|seine|die) Lippen'),
];

const GERMAN_SUBJECT_PHRASES: readonly RegExp[] = [
  phrase('in der heutigen (?:schnelllebigen|modernen|digitalen) (?:Welt|Zeit)'),
  phrase('(?:lassen Sie uns|lass uns) (?:eintauchen|direkt einsteigen)|tauchen wir (?:tiefer )?ein'),
  phrase('es ist (?:wichtig|entscheidend|wesentlich) zu (?:beachten|betonen|verstehen),? dass'),
  phrase('zusammenfassend lässt sich sagen'),
  phrase('spielt eine (?:entscheidende|zentrale|wichtige|wesentliche) Rolle'),
  phrase('(?:entfesseln|entfalten|freisetzen) (?:Sie )?(?:Ihr|sein|ihr) (?:volles )?Potenzial'),
  phrase('ein Paradigmenwechsel'),
  phrase('am Ende des Tages'),
];

/** Each language's lists, where the stock forms are known: a book in another language is not read for them. */
const PHRASES: Readonly<Record<string, { story: readonly RegExp[]; subject: readonly RegExp[] }>> = {
  en: { story: STORY_PHRASES, subject: SUBJECT_PHRASES },
  fr: { story: FRENCH_STORY_PHRASES, subject: FRENCH_SUBJECT_PHRASES },
  es: { story: SPANISH_STORY_PHRASES, subject: SPANISH_SUBJECT_PHRASES },
  de: { story: GERMAN_STORY_PHRASES, subject: GERMAN_SUBJECT_PHRASES },
};

/** The family the summing-up forms of reflective-endings.ts count as, beside this file's. */
const SUMMING_UP = -1;

const readsLanguage = (tag: string): boolean => primaryLanguage(tag) in PHRASES;

/**
 * A section is revised for its stock phrases from this many in its text,
 * and at least one per WORDS_PER_USE words: one in a long chapter is a
 * writer's choice, a handful in every scene is the habit readers notice.
 */
const MIN_USES = 3;
const WORDS_PER_USE = 1_000;
/** At most this many sections are revised for it, the densest first: a revision pass is paid for. */
const MAX_SECTIONS = 4;

/**
 * The stock phrases a paragraph uses (a story's: in its narration), as
 * written, in the order they come (each family once).
 */
export function stockPhrasesIn(paragraph: string, kind: BookKind = 'story', language = 'en'): string[] {
  return matches(paragraph, kind, language)
    .sort((a, b) => a.match.index - b.match.index)
    .map(({ match }) => match[0]);
}

/** Each family the paragraph uses: its place in the list, and the match. */
function matches(
  paragraph: string,
  kind: BookKind,
  language: string,
): Array<{ family: number; match: RegExpExecArray }> {
  const lists = PHRASES[primaryLanguage(language)];
  if (!lists) return [];
  const told = kind === 'story' ? narration(paragraph) : paragraph;
  return lists[kind].flatMap((pattern, family) => {
    const match = pattern.exec(told);
    return match ? [{ family, match }] : [];
  });
}

/**
 * A reviser's paragraph without the sentences that bring in a stock phrase,
 * or a summing-up (reflective-endings.ts), the paragraph it replaces did not
 * use: asked to fix a contradiction, a
 * reviser writes "a shiver ran down her spine" as readily as a writer does,
 * and revisions are not checked again. Its fix stays; the cliché goes. A
 * sentence with a quotation mark in it stays too: cut there, a line of
 * dialogue would lose its other half.
 */
export function withoutNewStockSentences(
  before: string,
  after: string,
  language: string,
  kind: BookKind = 'story',
): string {
  if (!readsLanguage(language)) return after;
  // A story's summing-up ("little did she know") is its own family here: revisers write those too.
  const tells = (text: string): number[] => [
    ...matches(text, kind, language).map(({ family }) => family),
    ...(kind === 'story' && summingUp(narration(text), language) ? [SUMMING_UP] : []),
  ];
  const had = new Set(tells(before));
  return after
    .split(/\n\s*\n/)
    .map((paragraph) =>
      sentencesOf(paragraph)
        .filter((sentence) => /["“”«»„]/.test(sentence) || tells(sentence).every((family) => had.has(family)))
        .join('')
        .trim(),
    )
    .filter(Boolean)
    .join('\n\n');
}

/**
 * `text` without the sentences that use a stock phrase (in the languages the
 * check reads): for a passage other writers are shown as an example of the book's
 * voice, where a model would copy them. A paragraph left empty goes too.
 */
export function withoutStockSentences(text: string, language: string, kind: BookKind = 'story'): string {
  if (!readsLanguage(language)) return text;
  return text
    .split(/\n\s*\n/)
    .map((paragraph) =>
      sentencesOf(paragraph)
        .filter((sentence) => stockPhrasesIn(sentence, kind, language).length === 0)
        .join('')
        .trim(),
    )
    .filter(Boolean)
    .join('\n\n');
}

export interface StockPhraseSection {
  number: number;
  /** The phrases as written, each once. */
  phrases: string[];
  /** 1-based, as the section's reviser numbers its paragraphs. */
  paragraphs: number[];
  uses: number;
}

/**
 * The sections that lean on stock phrases, densest first (at most
 * MAX_SECTIONS), and how many the whole book uses. Nothing for a language
 * the list is not written in.
 */
export function findStockPhrases(
  sections: ReadonlyArray<{ number: number; paragraphs: readonly string[]; words: number }>,
  language: string,
  kind: BookKind = 'story',
): { sections: StockPhraseSection[]; uses: number } {
  if (!readsLanguage(language)) return { sections: [], uses: 0 };
  let uses = 0;
  const heavy: Array<StockPhraseSection & { density: number }> = [];
  for (const section of sections) {
    const phrases: string[] = [];
    const paragraphs: number[] = [];
    section.paragraphs.forEach((paragraph, index) => {
      const found = stockPhrasesIn(paragraph, kind, language);
      if (found.length === 0) return;
      phrases.push(...found);
      paragraphs.push(index + 1);
    });
    uses += phrases.length;
    if (phrases.length < Math.max(MIN_USES, section.words / WORDS_PER_USE)) continue;
    heavy.push({
      number: section.number,
      phrases: [...new Set(phrases.map((phrase) => phrase.toLowerCase()))],
      paragraphs,
      uses: phrases.length,
      density: phrases.length / Math.max(1, section.words),
    });
  }
  heavy.sort((a, b) => b.density - a.density || a.number - b.number);
  return { sections: heavy.slice(0, MAX_SECTIONS).map(({ density: _density, ...section }) => section), uses };
}

/** The reviser's brief for a section that leans on stock phrases. */
export function stockPhraseProblem(section: StockPhraseSection, kind: BookKind = 'story'): string {
  const quoted = section.phrases.map((phrase) => `"${phrase}"`).join(', ');
  const instead =
    kind === 'story'
      ? 'say each of those moments in words that belong to this scene (what is seen, heard or done here)'
      : 'say each of those things plainly, by the claim, the step or the example itself';
  return (
    `The ${kind === 'story' ? 'narration' : 'text'} uses ${section.uses} stock phrases readers know from ` +
    `machine-written ${kind === 'story' ? 'fiction' : 'prose'}, ${quoted}${inParagraphs(section.paragraphs)}. ` +
    `Fix: ${instead}, never another stock phrase.`
  );
}
