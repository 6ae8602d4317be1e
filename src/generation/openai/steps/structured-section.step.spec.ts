import { lighthousePlan } from '../testing/book-plan-fixture';
import { structuredSectionStep } from './structured-section.step';

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
});
