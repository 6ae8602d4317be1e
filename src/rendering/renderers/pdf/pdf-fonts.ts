/**
 * The fonts a PDF is set in and the per-character fallback between them.
 * pdfkit's built-in fonts are Latin-1 only, so every string is split into
 * runs by which embedded face has a glyph for each character: Noto Serif
 * covers Latin (with accents), Greek and Cyrillic; Noto Sans JP, SC and KR
 * add kana, kanji, simplified Chinese and Hangul; Amiri (a Naskh book face)
 * and Noto Serif Hebrew the right-to-left scripts. Amiri rather than Noto
 * Naskh: Noto draws dotted letters as a shared skeleton plus separate dots,
 * which a PDF's character map cannot tell apart (ج and ح both extract as ح),
 * and Amiri has a glyph per letter form. All ship as npm packages, so
 * rendering needs no system fonts, and each is read from disk only when a
 * book first needs one of its glyphs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type FontkitFont, openFont } from './fontkit';

export type FontStyle = 'regular' | 'bold' | 'italic';

export const FONT_FACES = [
  'serif',
  'serif-bold',
  'serif-italic',
  'cjk',
  'cjk-bold',
  'cjk-sc',
  'cjk-sc-bold',
  'cjk-kr',
  'cjk-kr-bold',
  'arabic',
  'arabic-bold',
  'hebrew',
  'hebrew-bold',
] as const;
/** A face of the document; the names double as pdfkit font names. */
export type FontFace = (typeof FONT_FACES)[number];

const FACE_FILES: Record<FontFace, { pkg: string; file: string }> = {
  serif: { pkg: '@expo-google-fonts/noto-serif', file: '400Regular/NotoSerif_400Regular.ttf' },
  'serif-bold': { pkg: '@expo-google-fonts/noto-serif', file: '700Bold/NotoSerif_700Bold.ttf' },
  'serif-italic': { pkg: '@expo-google-fonts/noto-serif', file: '400Regular_Italic/NotoSerif_400Regular_Italic.ttf' },
  cjk: { pkg: '@expo-google-fonts/noto-sans-jp', file: '400Regular/NotoSansJP_400Regular.ttf' },
  'cjk-bold': { pkg: '@expo-google-fonts/noto-sans-jp', file: '700Bold/NotoSansJP_700Bold.ttf' },
  'cjk-sc': { pkg: '@expo-google-fonts/noto-sans-sc', file: '400Regular/NotoSansSC_400Regular.ttf' },
  'cjk-sc-bold': { pkg: '@expo-google-fonts/noto-sans-sc', file: '700Bold/NotoSansSC_700Bold.ttf' },
  'cjk-kr': { pkg: '@expo-google-fonts/noto-sans-kr', file: '400Regular/NotoSansKR_400Regular.ttf' },
  'cjk-kr-bold': { pkg: '@expo-google-fonts/noto-sans-kr', file: '700Bold/NotoSansKR_700Bold.ttf' },
  arabic: { pkg: '@expo-google-fonts/amiri', file: '400Regular/Amiri_400Regular.ttf' },
  'arabic-bold': { pkg: '@expo-google-fonts/amiri', file: '700Bold/Amiri_700Bold.ttf' },
  hebrew: { pkg: '@expo-google-fonts/noto-serif-hebrew', file: '400Regular/NotoSerifHebrew_400Regular.ttf' },
  'hebrew-bold': { pkg: '@expo-google-fonts/noto-serif-hebrew', file: '700Bold/NotoSerifHebrew_700Bold.ttf' },
};

// Ideographic punctuation, enclosed CJK, compatibility forms, full-width forms.
const CJK_SHARED = '\\u3000-\\u303f\\u3200-\\u33ff\\ufe30-\\ufe4f\\uff00-\\uffef';
const CHINESE = new RegExp(`[\\p{scx=Han}\\p{scx=Bopomofo}${CJK_SHARED}]`, 'u');
const KOREAN = new RegExp(`[\\p{scx=Hangul}\\p{scx=Han}${CJK_SHARED}]`, 'u');
const ARABIC = /\p{scx=Arabic}/u;
const HEBREW = /\p{scx=Hebrew}/u;

/**
 * The characters a fallback face is asked about. Without a scope, a character
 * no face has (an emoji) would make every later face in the chain load, 10 MB
 * of Chinese included, only to find the glyph missing there too. Noto Sans JP
 * has none: it is the catch-all for symbols, as it was before the others came.
 */
const FACE_SCOPE: Partial<Record<FontFace, RegExp>> = {
  'cjk-sc': CHINESE,
  'cjk-sc-bold': CHINESE,
  'cjk-kr': KOREAN,
  'cjk-kr-bold': KOREAN,
  arabic: ARABIC,
  'arabic-bold': ARABIC,
  hebrew: HEBREW,
  'hebrew-bold': HEBREW,
};

type Chain = readonly [FontFace, ...FontFace[]];

/** Which regional forms Han characters take: the three fonts draw some shared characters differently. */
export type HanPreference = 'ja' | 'zh' | 'ko';

/**
 * Faces tried in order for each style, the preferred Han forms first among
 * the CJK faces. Italic text falls back to upright faces: the CJK faces and
 * Noto Serif Hebrew have no italic, and slanted kanji or Arabic is not a
 * convention of those scripts anyway.
 */
function chains(han: HanPreference): Readonly<Record<FontStyle, Chain>> {
  const regular: FontFace[] = ['cjk', 'cjk-sc', 'cjk-kr'];
  const bold: FontFace[] = ['cjk-bold', 'cjk-sc-bold', 'cjk-kr-bold'];
  const first = { ja: 0, zh: 1, ko: 2 }[han];
  const preferred = (faces: FontFace[]): FontFace[] => [
    ...faces.slice(first, first + 1),
    ...faces.filter((_, index) => index !== first),
  ];
  return {
    regular: ['serif', ...preferred(regular), 'arabic', 'hebrew'],
    bold: ['serif-bold', ...preferred(bold), 'arabic-bold', 'hebrew-bold'],
    italic: ['serif-italic', ...preferred(regular), 'arabic', 'hebrew'],
  };
}

const CHAINS: Readonly<Record<HanPreference, Readonly<Record<FontStyle, Chain>>>> = {
  ja: chains('ja'),
  zh: chains('zh'),
  ko: chains('ko'),
};

/** The Han forms a book's language asks for; Traditional Chinese is closer to the Japanese forms than to SC. */
export function hanPreference(language: string): HanPreference {
  const tag = language.toLowerCase();
  if (/^ko\b/.test(tag)) return 'ko';
  if (/^zh\b/.test(tag) && !/-(hant|tw|hk|mo)\b/.test(tag)) return 'zh';
  return 'ja';
}

export interface Span {
  readonly text: string;
  readonly style: FontStyle;
}

/** Text drawn with one face. */
export interface TextRun {
  readonly face: FontFace;
  readonly text: string;
}

export function fontFile(face: FontFace): string {
  const { pkg, file } = FACE_FILES[face];
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
}

// Read and parsed once per process, and only when first needed: the CJK faces
// are 5-10 MB each. pdfkit embeds from the same parsed font, so documents
// share its glyph and shaping tables instead of parsing them again.
const fontBuffers = new Map<FontFace, Buffer>();
const fontkitFonts = new Map<FontFace, FontkitFont>();

export function fontData(face: FontFace): Buffer {
  let data = fontBuffers.get(face);
  if (!data) {
    data = readFileSync(fontFile(face));
    fontBuffers.set(face, data);
  }
  return data;
}

export function fontkitFont(face: FontFace): FontkitFont {
  let font = fontkitFonts.get(face);
  if (!font) {
    font = openFont(fontData(face));
    fontkitFonts.set(face, font);
  }
  return font;
}

/** Faces whose files have been read in this process: lets tests check that loading is lazy. */
export function loadedFaces(): FontFace[] {
  return [...fontBuffers.keys()];
}

// Combining marks (variation selectors included), format characters (ZWJ) and
// whitespace take the face of the character before them: a mark drawn in
// another font than its base would not combine, and a space should not cut a run.
const ATTACHED = /^[\p{M}\p{Cf}\s]$/u;
const FOLLOWS_PREVIOUS = -1;
const UNKNOWN = -2;
// Every character of a book is classified: a typed array answers for the
// common range, where a Map lookup per character showed in profiles.
const DIRECT = 0x3000;
const classifications = new Map<Chain, { direct: Int8Array; other: Map<number, number> }>();

/** Index in the chain of the face to draw the character with, or FOLLOWS_PREVIOUS. */
function classify(codePoint: number, chain: Chain): number {
  let cache = classifications.get(chain);
  if (!cache) {
    cache = { direct: new Int8Array(DIRECT).fill(UNKNOWN), other: new Map() };
    classifications.set(chain, cache);
  }
  let index = codePoint < DIRECT ? cache.direct[codePoint] : cache.other.get(codePoint);
  if (index === undefined || index === UNKNOWN) {
    const char = String.fromCodePoint(codePoint);
    index = ATTACHED.test(char) ? FOLLOWS_PREVIOUS : coveringIndex(char, codePoint, chain);
    if (codePoint < DIRECT) cache.direct[codePoint] = index;
    else cache.other.set(codePoint, index);
  }
  return index;
}

function covers(face: FontFace, char: string, codePoint: number): boolean {
  const scope = FACE_SCOPE[face];
  if (scope && !scope.test(char)) return false;
  return fontkitFont(face).hasGlyphForCodePoint(codePoint);
}

/**
 * The first face with a glyph for the code point. A character no face has
 * (emoji, scripts beyond those above) stays with the primary face: it shows as
 * that font's missing-glyph box instead of vanishing.
 */
function coveringIndex(char: string, codePoint: number, chain: Chain): number {
  const index = chain.findIndex((face) => covers(face, char, codePoint));
  return Math.max(index, 0);
}

// Characters that may decide which regional Han forms a paragraph takes.
const HAN_OR_HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u3400-\u9fff\uf900-\ufaff\u{20000}-\u{3134f}]/u;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;
const HAN = /\p{scx=Han}/u;

/**
 * A paragraph's own evidence beats the book's language: Hangul means Korean,
 * and a Han character Noto Sans JP lacks is (nearly always) simplified
 * Chinese. Setting the whole paragraph in one regional font keeps shared
 * characters such as 直 or 骨 in the same forms as their neighbours.
 */
function paragraphPreference(spans: readonly Span[], fallback: HanPreference): HanPreference {
  if (!spans.some((span) => HAN_OR_HANGUL.test(span.text))) return fallback;
  if (spans.some((span) => HANGUL.test(span.text))) return 'ko';
  const japanese = fontkitFont('cjk');
  for (const span of spans) {
    for (const char of span.text) {
      if (HAN.test(char) && !japanese.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)) return 'zh';
    }
  }
  return fallback;
}

// Most text of most books: ASCII, Latin-1, dashes, quotes and the ellipsis.
// A span of nothing else is one run of the chain's first face when that face
// has all of them, which a regex confirms faster than classifying each character.
const COMMON_LATIN = /^[\x20-\x7e\u00a0-\u00ff\u2010-\u2027]*$/;
const commonLatinCoverage = new Map<Chain, boolean>();

function coversCommonLatin(chain: Chain): boolean {
  let covered = commonLatinCoverage.get(chain);
  if (covered === undefined) {
    covered = true;
    for (const [first, last] of [
      [0x20, 0x7e],
      [0xa0, 0xff],
      [0x2010, 0x2027],
    ] as const) {
      for (let codePoint = first; codePoint <= last; codePoint += 1) {
        covered &&= classify(codePoint, chain) === 0 || classify(codePoint, chain) === FOLLOWS_PREVIOUS;
      }
    }
    commonLatinCoverage.set(chain, covered);
  }
  return covered;
}

/** Splits styled text into runs of one face each, in order, without losing or reordering characters. */
export function splitRuns(spans: readonly Span[], han: HanPreference = 'ja'): TextRun[] {
  const runs: TextRun[] = [];
  const chainSet = CHAINS[paragraphPreference(spans, han)];
  for (const span of spans) {
    const chain = chainSet[span.style];
    const { text } = span;
    if (COMMON_LATIN.test(text) && coversCommonLatin(chain)) {
      if (text) pushRun(runs, chain[0], text);
      continue;
    }
    let face: FontFace | undefined;
    let start = 0;
    let offset = 0;
    while (offset < text.length) {
      const codePoint = text.codePointAt(offset) ?? 0;
      const index = classify(codePoint, chain);
      const charFace = index === FOLLOWS_PREVIOUS ? (face ?? chain[0]) : (chain[index] ?? chain[0]);
      if (charFace !== face && face !== undefined && offset > start) {
        pushRun(runs, face, text.slice(start, offset));
        start = offset;
      }
      face = charFace;
      offset += codePoint > 0xffff ? 2 : 1;
    }
    if (face !== undefined && offset > start) pushRun(runs, face, text.slice(start, offset));
  }
  return runs;
}

function pushRun(runs: TextRun[], face: FontFace, text: string): void {
  const last = runs.at(-1);
  if (last && last.face === face) runs[runs.length - 1] = { face, text: last.text + text };
  else runs.push({ face, text });
}

/**
 * The one face that can draw all of `text`, for drawing we cannot split into
 * runs (text inside SVG illustrations): the first face of the style's chain
 * with every glyph, else the one missing the fewest.
 */
export function faceForText(text: string, style: FontStyle, han: HanPreference = 'ja'): FontFace {
  const chars = Array.from(text).filter((char) => !ATTACHED.test(char));
  const chain = CHAINS[paragraphPreference([{ text, style }], han)][style];
  let best: { face: FontFace; missing: number } | undefined;
  for (const face of chain) {
    const scope = FACE_SCOPE[face];
    // A face scoped to a script the text does not use cannot do better than the faces before it.
    if (scope && !chars.some((char) => scope.test(char))) continue;
    const font = fontkitFont(face);
    const missing = chars.filter((char) => !font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)).length;
    if (missing === 0) return face;
    if (!best || missing < best.missing) best = { face, missing };
  }
  return best?.face ?? chain[0];
}
