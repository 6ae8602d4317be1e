import { lighthousePlan as plan } from '../../testing/book-plan-fixture';
import { revisionMessages, revisionStep } from './revision.step';

const paragraphs = ['One.', 'Two, as if nothing had happened.', 'Three.', 'Four, as if nothing had happened.'];
const section = plan.sections[0]!;

describe('revision of a section', () => {
  it('shows the whole section for problems that do not say where they are', () => {
    const [, user] = revisionMessages(plan, section, 'chapter', paragraphs, ['Mara is called Maria here.']);
    expect(user!.content).toContain('The chapter as written, paragraph by paragraph:\n[1] One.\n[2] Two');
    expect(user!.content).toContain('[3] Three.');
  });

  it('shows only the paragraphs named, and says how many there are', () => {
    const [, user] = revisionMessages(
      plan,
      section,
      'chapter',
      paragraphs,
      ['A tic (paragraphs 2 and 4).'],
      new Set([2, 4]),
    );
    expect(user!.content).toContain('(4 paragraphs in all; the others stay as they are):\n[2] Two');
    expect(user!.content).toContain('[4] Four');
    expect(user!.content).not.toContain('[1] One.');
    expect(user!.content).not.toContain('[3] Three.');
  });

  it('shows how the section before ends when the opening may be replaced, so a new one still joins it', () => {
    const before = 'Mara locked the tower door behind her.';
    const heading = 'How the chapter before this one ends (an opening you replace must still follow from it):';
    const opening = revisionMessages(plan, section, 'chapter', paragraphs, ['Opens alike.'], new Set([1]), before);
    expect(opening[1]!.content).toContain(`${heading}\n${before}`);
    const whole = revisionMessages(plan, section, 'chapter', paragraphs, ['A fact.'], undefined, before);
    expect(whole[1]!.content).toContain(heading);
    const inside = revisionMessages(plan, section, 'chapter', paragraphs, ['A tic.'], new Set([2, 4]), before);
    expect(inside[1]!.content).not.toContain(before);
  });

  it('drops an edit of a paragraph the reviser was not shown, and asks again when nothing else is left', () => {
    const step = revisionStep(4, new Set([2, 4]));
    expect(
      step.read({
        edits: [
          { paragraph: 3, replacement: 'Invented.' },
          { paragraph: 2, replacement: 'Two, and the door stayed shut.' },
        ],
      }),
    ).toEqual({ value: [{ paragraph: 2, replacement: 'Two, and the door stayed shut.' }] });
    expect(step.read({ edits: [{ paragraph: 1, replacement: 'Invented.' }] })).toEqual({
      problems: ['/edits: edit only the paragraphs shown, by their numbers'],
    });
  });
});
