import { lighthousePlan } from '../../testing/book-plan-fixture';
import { generationRequest } from '../../../testing/generation-request';
import { structuredSectionMessages, structuredSectionStep } from './structured-section.step';

describe('structuredSectionStep', () => {
  it('letters balloons, captions and sound effects without the Markdown emphasis models add', () => {
    const section = { ...lighthousePlan.sections[0]!, words: 20 };
    const panel = (text: string) => ({
      description: 'Mara on the pier at dusk.',
      caption: '**Later that night...**',
      dialogue: [{ speaker: '*Mara*', text }],
      sound_effect: '*CREAK*',
    });
    const read = structuredSectionStep('comic', section, 'en').read({
      panels: section.beats.map((_, index) =>
        panel(index === 0 ? '*Gasp!* Not _you_ again, Hale. The tide is turning.' : 'We go at dawn, all of us.'),
      ),
    });
    expect(read).toHaveProperty('value');
    const [first] = (read as { value: { blocks: unknown[] } }).value.blocks;
    expect(first).toEqual({
      kind: 'panel',
      number: 1,
      description: 'Mara on the pier at dusk.',
      caption: 'Later that night... CREAK',
      dialogue: [{ speaker: 'Mara', text: 'Gasp! Not you again, Hale. The tide is turning.' }],
    });
  });

  it('asks again for a page whose speech balloon holds a paragraph, and letters a long breath as written', () => {
    const section = { ...lighthousePlan.sections[0]!, words: 20 };
    const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');
    const page = (longest: number) => ({
      panels: section.beats.map((_, index) => ({
        description: 'Mara on the pier at dusk.',
        caption: null,
        dialogue: [{ speaker: 'Mara', text: index === 1 ? words(longest) : 'We go at dawn, all of us.' }],
        sound_effect: null,
      })),
    });
    expect(structuredSectionStep('comic', section, 'en').read(page(62))).toEqual({
      problems: [
        'panel 2 has a speech balloon of 62 words; a balloon holds at most 25, so cut the speech or share it ' +
          'between balloons and panels',
      ],
    });
    expect(structuredSectionStep('manga', section, 'en').read(page(30))).toHaveProperty('value');
  });

  it('takes a page planned without words with none (a real comic ended on a silent page), and still refuses a skimped one', () => {
    const silent = {
      panels: [
        {
          description: 'Tova on the roof at dusk, the receiver beside her.',
          caption: null,
          dialogue: [],
          sound_effect: null,
        },
      ],
    };
    const wordless = { ...lighthousePlan.sections[0]!, words: 0 };
    expect(structuredSectionStep('comic', wordless, 'en').read(silent)).toHaveProperty('value');
    const planned = { ...lighthousePlan.sections[0]!, words: 60 };
    expect(structuredSectionStep('comic', planned, 'en').read(silent)).toEqual({
      problems: ['the answer is empty'],
    });
    const [, user] = structuredSectionMessages(
      generationRequest({ type: 'comic' }),
      { ...lighthousePlan, type: 'comic' },
      wordless,
      'page',
    );
    expect(user!.content).toContain(
      'Write page 1 of 3: a page without words (no caption, speech or sound effect): its panels alone tell it.',
    );
  });
});
