/**
 * The style and type guides (data in `../guides/`) as prompt text. Fiction
 * gets the style's narration and conventions; non-fiction only what the
 * style brings to a book of facts; a picture book the style's gentle version.
 */
import { isFiction, type ConcreteBookType } from '../../../../book/book-shapes';
import { STYLE_GUIDES } from '../../guides/style-guides';
import { TYPE_GUIDES } from '../../guides/type-guides';
import { primaryLanguage } from '../../../../book/language-tag';
import { languageName } from '../../checks/language';
import type { ConcreteStyle } from './book-plan';

/**
 * The style's guide for a book of `type`; with the book's `language` once the plan has one. The guide's quoted
 * examples are English clichés ("a chill ran down her spine"): a writer of a French book is told so, and to
 * avoid the same habits as they read in French, rather than left to avoid English phrases it would never write.
 */
export function styleGuideText(style: ConcreteStyle, type: ConcreteBookType, language?: string): string {
  const guide = STYLE_GUIDES[style];
  const name = style.replace(/_/g, ' ');
  if (type === 'childrens') return `Style: ${name}, gentle version for young children: ${guide.forChildren}`;
  if (!isFiction(type)) return `Style: ${name}. ${guide.promise} ${guide.nonFiction}`;
  return [
    `Style: ${name}. ${guide.promise}`,
    `Point of view: ${guide.pointOfView}`,
    // Panel directions are written in the present whatever the style's narration would be.
    ...(type === 'comic' || type === 'manga' ? [] : [`Tense: ${guide.tense}`]),
    `Voice: ${guide.voice}`,
    'Honour:',
    ...bullets(guide.conventions),
    'Avoid:',
    ...bullets(guide.avoid),
    ...(language && primaryLanguage(language) !== 'en' ? [notEnglish(languageName(language))] : []),
  ].join('\n');
}

function notEnglish(language: string): string {
  return (
    `The examples quoted above are English. In ${language}, avoid the same habits as ${language} prose has them, ` +
    `and write ${language} idiom, not English turned into ${language}.`
  );
}

export function typeGuideText(type: ConcreteBookType, part: 'planning' | 'writing'): string {
  const guide = TYPE_GUIDES[type];
  const lines = [`Form: ${guide.form}`];
  if (part === 'planning') lines.push('Decide:', ...bullets(guide.planning));
  else {
    lines.push(
      'Each section:',
      ...bullets(guide.sectionCraft),
      `Seams: ${guide.seams}`,
      `Speech: ${guide.dialogue}`,
      'Avoid:',
      ...bullets(guide.avoid),
    );
  }
  return lines.join('\n');
}

function bullets(items: readonly string[]): string[] {
  return items.map((item) => `- ${item}`);
}
