/**
 * The words a renderer adds to a book: "Contents", "Chapter 3", "by Ada",
 * "Answers". They follow the book's language: a French novel whose contents
 * page says "Contents" and whose chapters say "Chapter 3" reads as a
 * machine's. Languages without labels here get the English ones.
 */
import type { ChapterKind } from './book-document';
import { primaryLanguage } from './language-tag';

/** Chapter kinds shown with their number ("Chapter 3"); the others are named alone ("Glossary"). */
type NumberedKind = Exclude<ChapterKind, 'glossary' | 'sources' | 'afterword'>;

export interface BookLabels {
  readonly untitled: string;
  readonly contents: string;
  readonly cast: string;
  readonly foreword: string;
  readonly dedication: string;
  readonly answers: string;
  /** A link to an exercise's answer (EPUB). */
  readonly answer: string;
  readonly titlePage: string;
  /** A manga's note on its page order. */
  readonly readsRightToLeft: string;
  /** A manga's or right-to-left comic's note on its panel order (PDF). */
  readonly panelsReadRightToLeft: string;
  /** A comic panel's narration box, and a line whose speaker is not named (a comic's script in text). */
  readonly caption: string;
  readonly voice: string;
  /** What opens a hidden answer (HTML). */
  readonly showAnswer: string;
  /** Under an exercise whose answer is printed at the end of the book (PDF). */
  readonly answerAtTheEnd: string;
  readonly keyPoint: string;
  /** The objectives' heading: a textbook's learning objectives, a self-help book's promise. */
  readonly learningObjectives: string;
  readonly whatYouWillGet: string;
  readonly cover: string;
  /** A picture described in text: "[Illustration: ...]". */
  readonly illustration: string;
  /** Between a chapter's number and its title: "Chapter 3: The Map". */
  readonly separator: string;
  /** The names of the chapter kinds: "Chapter", "Glossary". */
  readonly kinds: Readonly<Record<ChapterKind, string>>;
  by(author: string): string;
  exercise(number: string): string;
  /** A comic panel's number: "Panel 3". */
  panel(number: string): string;
  /** The imprint's line on how the book was made (PDF): `date` already written in the language, if known. */
  writtenWith(model: string, date?: string): string;
  /** "Chapter 3", "Part 2", "第3章". */
  numbered(kind: NumberedKind, number: string): string;
}

interface Words extends Omit<BookLabels, 'numbered'> {
  /** How a number goes with a kind's name, when not "Name 3". */
  numbered?: (kind: NumberedKind, name: string, number: string) => string;
}

const ENGLISH: Words = {
  untitled: 'Untitled',
  contents: 'Contents',
  cast: 'Cast of characters',
  foreword: 'Foreword',
  dedication: 'Dedication',
  answers: 'Answers',
  answer: 'Answer',
  panelsReadRightToLeft: 'Panels read from right to left, as in the original page layout.',
  titlePage: 'Title Page',
  readsRightToLeft: 'Pages turn from right to left, as in the original.',
  showAnswer: 'Show answer',
  caption: 'Caption',
  voice: 'Voice',
  answerAtTheEnd: 'Answer at the end of the book, under “Answers”.',
  keyPoint: 'Key point',
  learningObjectives: 'Learning objectives',
  whatYouWillGet: 'What you will get',
  cover: 'Cover',
  illustration: 'Illustration',
  separator: ': ',
  kinds: {
    chapter: 'Chapter',
    part: 'Part',
    page: 'Page',
    lesson: 'Lesson',
    principle: 'Principle',
    glossary: 'Glossary',
    sources: 'Sources',
    afterword: 'Afterword',
  },
  by: (author) => `by ${author}`,
  exercise: (number) => `Exercise ${number}`,
  panel: (number) => `Panel ${number}`,
  writtenWith: (model, date) => `Written with Scriptorium, model ${model}${date ? `, on ${date}` : ''}.`,
};

const WORDS: Readonly<Record<string, Words>> = {
  en: ENGLISH,
  fr: {
    untitled: 'Sans titre',
    contents: 'Table des matières',
    cast: 'Personnages',
    foreword: 'Avant-propos',
    dedication: 'Dédicace',
    answers: 'Réponses',
    answer: 'Réponse',
    panelsReadRightToLeft: 'Les cases se lisent de droite à gauche, comme dans la mise en page originale.',
    titlePage: 'Page de titre',
    readsRightToLeft: 'Les pages se tournent de droite à gauche, comme dans l’original.',
    showAnswer: 'Voir la réponse',
    caption: 'Récitatif',
    voice: 'Voix',
    answerAtTheEnd: 'Réponse en fin d’ouvrage, sous « Réponses ».',
    keyPoint: 'Point clé',
    learningObjectives: 'Objectifs d’apprentissage',
    whatYouWillGet: 'Ce que vous y gagnerez',
    cover: 'Couverture',
    illustration: 'Illustration',
    separator: ' : ',
    kinds: {
      chapter: 'Chapitre',
      part: 'Partie',
      page: 'Page',
      lesson: 'Leçon',
      principle: 'Principe',
      glossary: 'Glossaire',
      sources: 'Sources',
      afterword: 'Postface',
    },
    by: (author) => `par ${author}`,
    exercise: (number) => `Exercice ${number}`,
    panel: (number) => `Case ${number}`,
    writtenWith: (model, date) => `Écrit avec Scriptorium, modèle ${model}${date ? `, le ${date}` : ''}.`,
  },
  de: {
    untitled: 'Ohne Titel',
    contents: 'Inhalt',
    cast: 'Figuren',
    foreword: 'Vorwort',
    dedication: 'Widmung',
    answers: 'Lösungen',
    answer: 'Lösung',
    panelsReadRightToLeft: 'Die Panels werden von rechts nach links gelesen, wie im Original.',
    titlePage: 'Titelseite',
    readsRightToLeft: 'Die Seiten werden von rechts nach links umgeblättert, wie im Original.',
    showAnswer: 'Lösung zeigen',
    caption: 'Erzähltext',
    voice: 'Stimme',
    answerAtTheEnd: 'Lösung am Ende des Buches, unter „Lösungen“.',
    keyPoint: 'Merksatz',
    learningObjectives: 'Lernziele',
    whatYouWillGet: 'Was Sie gewinnen',
    cover: 'Umschlag',
    illustration: 'Abbildung',
    separator: ': ',
    kinds: {
      chapter: 'Kapitel',
      part: 'Teil',
      page: 'Seite',
      lesson: 'Lektion',
      principle: 'Prinzip',
      glossary: 'Glossar',
      sources: 'Quellen',
      afterword: 'Nachwort',
    },
    by: (author) => `von ${author}`,
    exercise: (number) => `Übung ${number}`,
    panel: (number) => `Panel ${number}`,
    writtenWith: (model, date) => `Geschrieben mit Scriptorium, Modell ${model}${date ? `, am ${date}` : ''}.`,
  },
  es: {
    untitled: 'Sin título',
    contents: 'Índice',
    cast: 'Personajes',
    foreword: 'Prólogo',
    dedication: 'Dedicatoria',
    answers: 'Respuestas',
    answer: 'Respuesta',
    panelsReadRightToLeft: 'Las viñetas se leen de derecha a izquierda, como en la página original.',
    titlePage: 'Portadilla',
    readsRightToLeft: 'Las páginas se pasan de derecha a izquierda, como en el original.',
    showAnswer: 'Ver la respuesta',
    caption: 'Cartela',
    voice: 'Voz',
    answerAtTheEnd: 'Respuesta al final del libro, en «Respuestas».',
    keyPoint: 'Idea clave',
    learningObjectives: 'Objetivos de aprendizaje',
    whatYouWillGet: 'Lo que obtendrás',
    cover: 'Cubierta',
    illustration: 'Ilustración',
    separator: ': ',
    kinds: {
      chapter: 'Capítulo',
      part: 'Parte',
      page: 'Página',
      lesson: 'Lección',
      principle: 'Principio',
      glossary: 'Glosario',
      sources: 'Fuentes',
      afterword: 'Epílogo',
    },
    by: (author) => `por ${author}`,
    exercise: (number) => `Ejercicio ${number}`,
    panel: (number) => `Viñeta ${number}`,
    writtenWith: (model, date) => `Escrito con Scriptorium, modelo ${model}${date ? `, el ${date}` : ''}.`,
  },
  it: {
    untitled: 'Senza titolo',
    contents: 'Indice',
    cast: 'Personaggi',
    foreword: 'Prefazione',
    dedication: 'Dedica',
    answers: 'Soluzioni',
    answer: 'Soluzione',
    panelsReadRightToLeft: 'Le vignette si leggono da destra a sinistra, come nella pagina originale.',
    titlePage: 'Frontespizio',
    readsRightToLeft: 'Le pagine si sfogliano da destra a sinistra, come nell’originale.',
    showAnswer: 'Mostra la soluzione',
    caption: 'Didascalia',
    voice: 'Voce',
    answerAtTheEnd: 'Soluzione alla fine del libro, in «Soluzioni».',
    keyPoint: 'Punto chiave',
    learningObjectives: 'Obiettivi di apprendimento',
    whatYouWillGet: 'Che cosa otterrai',
    cover: 'Copertina',
    illustration: 'Illustrazione',
    separator: ': ',
    kinds: {
      chapter: 'Capitolo',
      part: 'Parte',
      page: 'Pagina',
      lesson: 'Lezione',
      principle: 'Principio',
      glossary: 'Glossario',
      sources: 'Fonti',
      afterword: 'Postfazione',
    },
    by: (author) => `di ${author}`,
    exercise: (number) => `Esercizio ${number}`,
    panel: (number) => `Vignetta ${number}`,
    writtenWith: (model, date) => `Scritto con Scriptorium, modello ${model}${date ? `, il ${date}` : ''}.`,
  },
  pt: {
    untitled: 'Sem título',
    contents: 'Sumário',
    cast: 'Personagens',
    foreword: 'Prefácio',
    dedication: 'Dedicatória',
    answers: 'Respostas',
    answer: 'Resposta',
    panelsReadRightToLeft: 'Os quadros leem-se da direita para a esquerda, como na página original.',
    titlePage: 'Folha de rosto',
    readsRightToLeft: 'As páginas viram da direita para a esquerda, como no original.',
    showAnswer: 'Ver a resposta',
    caption: 'Legenda',
    voice: 'Voz',
    answerAtTheEnd: 'Resposta no fim do livro, em «Respostas».',
    keyPoint: 'Ponto-chave',
    learningObjectives: 'Objetivos de aprendizagem',
    whatYouWillGet: 'O que você vai ganhar',
    cover: 'Capa',
    illustration: 'Ilustração',
    separator: ': ',
    kinds: {
      chapter: 'Capítulo',
      part: 'Parte',
      page: 'Página',
      lesson: 'Lição',
      principle: 'Princípio',
      glossary: 'Glossário',
      sources: 'Fontes',
      afterword: 'Posfácio',
    },
    by: (author) => `por ${author}`,
    exercise: (number) => `Exercício ${number}`,
    panel: (number) => `Quadro ${number}`,
    writtenWith: (model, date) => `Escrito com Scriptorium, modelo ${model}${date ? `, em ${date}` : ''}.`,
  },
  ja: {
    untitled: '無題',
    contents: '目次',
    cast: '登場人物',
    foreword: 'まえがき',
    dedication: '献辞',
    answers: '解答',
    answer: '解答',
    panelsReadRightToLeft: 'コマは原作と同じく右から左へ読みます。',
    titlePage: '扉',
    readsRightToLeft: '原作と同じく、右から左へ読み進めます。',
    showAnswer: '解答を見る',
    caption: 'ナレーション',
    voice: '声',
    answerAtTheEnd: '解答は巻末の「解答」にあります。',
    keyPoint: 'ポイント',
    learningObjectives: '学習目標',
    whatYouWillGet: 'この本で得られること',
    cover: '表紙',
    illustration: '挿絵',
    separator: '\u3000',
    kinds: {
      chapter: '章',
      part: '部',
      page: 'ページ',
      lesson: '課',
      principle: '原則',
      glossary: '用語集',
      sources: '出典',
      afterword: 'あとがき',
    },
    by: (author) => `${author} 著`,
    exercise: (number) => `練習問題 ${number}`,
    panel: (number) => `コマ ${number}`,
    writtenWith: (model, date) => `Scriptorium(モデル ${model})で作成${date ? `、${date}` : ''}。`,
    // 第3章, 第2部, 第4課; 3ページ; 原則1.
    numbered: (kind, name, number) =>
      kind === 'page' ? `${number}${name}` : kind === 'principle' ? `${name}${number}` : `第${number}${name}`,
  },
};

/** The labels of a book in `language` (a BCP 47 tag), English where this file has none for it. */
export function bookLabels(language: string): BookLabels {
  const words = WORDS[primaryLanguage(language)] ?? ENGLISH;
  const { numbered } = words;
  return {
    ...words,
    numbered: (kind, number) =>
      numbered ? numbered(kind, words.kinds[kind], number) : `${words.kinds[kind]} ${number}`,
  };
}
