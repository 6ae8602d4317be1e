/**
 * Step 0, only when the client left `type` or `style` on `automatic`: the
 * planner model chooses them from the premise, so the bible and outline can
 * be sized by the right book shape from their first call.
 */
import { CONCRETE_BOOK_TYPES, type ConcreteBookType } from '../../../../book/book-shapes';
import { BOOK_STYLES } from '../../../../catalog/catalog';
import type { BookGenerationRequest } from '../../../book-provider';
import type { ChatMessage, StructuredStep } from '../../client/model-client';
import { obj, oneOf, str } from '../../client/strict-schema';
import type { ConcreteStyle } from './book-plan';
import { CLIENT_MATERIAL_RULE, clientMaterial } from './client-material';

export const CONCRETE_STYLES = BOOK_STYLES.filter((style): style is ConcreteStyle => style !== 'automatic');

export interface BookForm {
  type: ConcreteBookType;
  style: ConcreteStyle;
}

export function formStep(request: BookGenerationRequest): StructuredStep<BookForm> {
  return {
    name: 'book_form',
    schema: obj({
      reason: str({ description: 'One sentence: why this type and style suit the premise.' }),
      type: oneOf(request.type === 'automatic' ? CONCRETE_BOOK_TYPES : [request.type]),
      style: oneOf(request.style === 'automatic' ? CONCRETE_STYLES : [request.style]),
    }),
    read: (value) => {
      const answer = value as { type: ConcreteBookType; style: ConcreteStyle };
      return { value: { type: answer.type, style: answer.style } };
    },
  };
}

export function formMessages(request: BookGenerationRequest): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You are a publisher deciding what kind of book to make of a client’s idea. ' +
        `${CLIENT_MATERIAL_RULE} Answer with JSON only.`,
    },
    {
      role: 'user',
      content: [
        clientMaterial(request),
        '',
        request.type === 'automatic'
          ? `Choose the book type that suits the premise best: ${CONCRETE_BOOK_TYPES.join(', ')}. ` +
            'A premise that asks for a type ("a picture book about...", "teach me...") gets that type.'
          : `The type is fixed: ${request.type}.`,
        request.style === 'automatic'
          ? `Choose the style (genre) that suits it best: ${CONCRETE_STYLES.join(', ')}.`
          : `The style is fixed: ${request.style}.`,
      ].join('\n'),
    },
  ];
}
