/**
 * Chapters that end by telling the reader what they meant. Asked never to,
 * models still close a chapter on a summing-up ("She knew that nothing would
 * ever be the same"), the commonest tell of machine-written fiction, and the
 * continuity check cannot see it: it reads notes. Code reads each story
 * section's last paragraph for the stock forms of it, in English, French,
 * Spanish and German, where their wording is known; the section is revised
 * from that paragraph alone.
 */
import { primaryLanguage } from '../../../book/language-tag';
import { phrase } from './prose-words';

/** The stock phrases of a summing-up ending, as models write them in English. */
const SUMMING_UP: readonly RegExp[] = [
  /\bwould (?:never|ever|never again) be the same\b|\bwould (?:never |ever )?be the same again\b/i,
  /\blittle did (?:she|he|they|i|we) know\b/i,
  /\b(?:was|had) only (?:just )?(?:the beginning|begun)\b/i,
  /\b(?:the|her|his|their|our|my) journey (?:was|had) (?:only |just )*(?:beginning|begun)\b/i,
  /\bwhatever (?:the future|tomorrow|lay ahead|the days ahead) (?:held|might hold|would bring|might bring)\b/i,
  /\b(?:a new|the next) chapter (?:of|in) (?:her|his|their|our|my) li(?:fe|ves)\b/i,
  /\b(?:hope|determination|resolve|courage) (?:bloomed|blossomed|flickered|kindled|swelled|stirred|burned) (?:in|within) (?:her|his|their|my|our)\b/i,
  /\ba testament to\b/i,
  /\bin that moment,? (?:she|he|they|i|we) (?:knew|understood|realized|realised)\b/i,
];

/** And in French: "plus rien ne serait comme avant", "ce n'était que le début". */
const FRENCH_SUMMING_UP: readonly RegExp[] = [
  phrase('(?:rien|plus rien) ne (?:serait|sera) (?:plus )?(?:jamais )?(?:comme avant|pareil)'),
  phrase('(?:était|étaient) loin de se douter'),
  phrase("(?:ce|cela|ça) n['’](?:était|est) que le (?:début|commencement)"),
  phrase('(?:son|leur|notre|mon) (?:voyage|aventure|périple) ne (?:faisait|fait) que commencer'),
  phrase("quoi que (?:l['’]avenir|demain) (?:lui |leur |nous )?(?:réserve|réservât|réservait|apporte|apporterait)"),
  phrase('un nouveau chapitre de (?:sa|leur|ma|notre) vie'),
  phrase(
    "(?:l[\\p{L}]+ )?(?:espoir|détermination|courage) (?:grandit|naquit|s['’]éveilla|brûlait) en (?:elle|lui|eux|elles|moi|nous)",
  ),
  phrase('un (?:véritable )?témoignage de'),
  phrase(
    '(?:à cet instant|en cet instant)(?: précis)?,? (?:elle|il|ils|elles|je|nous) (?:sut|comprit|savait|compris|su)',
  ),
];

/** In Spanish: "nada volvería a ser igual", "era solo el principio". */
const SPANISH_SUMMING_UP: readonly RegExp[] = [
  phrase('nada (?:volvería|volverá) a ser (?:igual|lo mismo)'),
  phrase('(?:esto|eso|aquello) (?:era|es) (?:solo|sólo) el (?:principio|comienzo)'),
  phrase(
    '(?:su|nuestro|mi) (?:viaje|aventura) (?:apenas |solo |sólo )?(?:comenzaba|acababa de empezar|estaba comenzando)',
  ),
  phrase('(?:fuera lo que fuera|sea lo que sea) lo que (?:el futuro|el mañana) (?:le |les |nos )?(?:deparara|depare)'),
  phrase('un nuevo capítulo (?:de|en) (?:su|mi|nuestra) vida'),
  phrase('en ese (?:momento|instante),? (?:ella |él )?(?:supo|comprendió|entendió)'),
];

/** In German: "nichts würde je wieder so sein wie zuvor", "das war erst der Anfang". */
const GERMAN_SUMMING_UP: readonly RegExp[] = [
  phrase('nichts würde (?:jemals |je )?(?:wieder )?(?:so sein wie (?:zuvor|vorher)|dasselbe sein)'),
  phrase('(?:das|es|dies) war (?:erst |nur )der Anfang'),
  phrase('(?:ihre|seine|unsere|meine) Reise (?:hatte )?(?:gerade )?erst (?:begonnen|angefangen)'),
  phrase('was auch immer die Zukunft (?:bringen mochte|bringen würde|bereithielt)'),
  phrase('ein neues Kapitel (?:in )?(?:ihres|seines|ihrem|seinem|meinem|unserem) Leben'),
  phrase('in diesem (?:Moment|Augenblick) (?:wusste|verstand|begriff) (?:sie|er)'),
];

/** Stories the check reads, each with the stock forms of its language. */
const FORMS: Readonly<Record<string, readonly RegExp[]>> = {
  en: SUMMING_UP,
  fr: FRENCH_SUMMING_UP,
  es: SPANISH_SUMMING_UP,
  de: GERMAN_SUMMING_UP,
};

/** The stock phrase the paragraph sums up with, as written, or undefined. */
export function summingUp(paragraph: string, language: string): string | undefined {
  for (const pattern of FORMS[primaryLanguage(language)] ?? []) {
    const match = pattern.exec(paragraph);
    if (match) return match[0];
  }
  return undefined;
}

/** The reviser's brief for a section whose last paragraph (`paragraph`, 1-based) sums it up. */
export function endingProblem(phrase: string, paragraph: number): string {
  return (
    `The last paragraph (paragraph ${paragraph}) ends the section by telling the reader what it meant ` +
    `("${phrase}"), which reads as a stock ending. Fix: rewrite that paragraph to end on the situation as it now ` +
    'stands, a decision or an open question, shown in the scene, without the summing-up.'
  );
}
