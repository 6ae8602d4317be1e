/**
 * The style and type guides (data in `../guides/`) as prompt text. Fiction
 * gets the style's narration and conventions; non-fiction only what the
 * style brings to a book of facts; a picture book the style's gentle version.
 */
import { isFiction, type ConcreteBookType } from '../../../../book/book-shapes';
import { STYLE_GUIDES } from '../../guides/style-guides';
import { TYPE_GUIDES } from '../../guides/type-guides';
import type { ConcreteStyle } from './book-plan';

export function styleGuideText(style: ConcreteStyle, type: ConcreteBookType): string {
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
  ].join('\n');
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
