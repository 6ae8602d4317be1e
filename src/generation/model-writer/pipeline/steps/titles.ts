/**
 * Titles as models write them, made titles as books print them. Asked for a
 * chapter's title, models often answer with its label ("Chapter 3: The
 * Pier", "**Part Two — Low Tide**", "第3章 灯台") or in quotation marks, and
 * the renderers already print "Chapter 3" above the title: the reader would
 * see the label twice.
 */

const LABEL = String.raw`(?:chapter|chapitre|cap[ií]tulo|kapitel|capitolo|part|partie|parte|teil|section|lesson|le[çc]on|lecci[oó]n|lektion|spread|page|[ée]pisode)`;
const NUMBER = String.raw`(?:\d+|[ivxlcdm]+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|un|une|deux|trois|quatre|cinq|uno|dos|tres|cuatro|cinco|eins|zwei|drei|vier|fünf)`;
/** A label and its number, then a separator (or nothing after them at all). */
const LEADING_LABEL = new RegExp(String.raw`^${LABEL}\s+${NUMBER}\s*(?:[:.\-–—]\s*|$)`, 'iu');
const LEADING_CJK_LABEL = /^第[0-9０-９一二三四五六七八九十百]+[章部話回節]\s*[:：]?\s*/u;
const EMPHASIS = /^(\*\*|__|\*|_)(.+)\1$/u;
const QUOTED = /^["“«„「『]([^"“”«»„「」『』]+)["”»“」』]$/u;

/** The title without the wrapping or label a model put around it; the text as given when that is all there was. */
export function cleanTitle(raw: string): string {
  let title = raw.trim().replace(/\s+/g, ' ');
  for (let pass = 0; pass < 3; pass += 1) {
    const before = title;
    title = title.replace(EMPHASIS, '$2').trim().replace(QUOTED, '$1').trim();
    const unlabelled = title.replace(LEADING_LABEL, '').replace(LEADING_CJK_LABEL, '').trim();
    if (unlabelled) title = unlabelled;
    if (title === before) break;
  }
  return title;
}
