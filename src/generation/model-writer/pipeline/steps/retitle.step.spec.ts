import { lighthousePlan as plan } from '../../testing/book-plan-fixture';
import { retitleMessages, retitleStep, type Retitling } from './retitle.step';

const formula = { pattern: 'What the … Knew', sections: [1, 2, 3] };
const asked: Retitling = { sections: plan.sections.slice(1, 3), formulas: [formula] };
const step = retitleStep(
  asked,
  [
    { number: 1, title: 'What the Lantern Knew' },
    { number: 4, title: 'The Last Bell' },
    { number: 5, title: 'Salt on the Pier' },
    { number: 6, title: 'Salt on the Dunes' },
  ],
  'en',
);
const answer = (...titles: string[]) => ({ titles: titles.map((title) => ({ title })) });

describe('retitleStep', () => {
  it('asks for as many titles as sections, and gives them cleaned, in order', () => {
    expect(step.read(answer('**Chapter 2: "The Drowned Road"**', 'Salt at Dawn'))).toEqual({
      value: ['The Drowned Road', 'Salt at Dawn'],
    });
    expect(step.read(answer('The Drowned Road'))).toEqual({
      problems: ['/titles: give exactly 2 titles, in the order asked'],
    });
  });

  it('asks again for a title that keeps the pattern or takes another section’s', () => {
    expect(step.read(answer('What the Harbour Knew', 'The last bell'))).toEqual({
      value: ['What the Harbour Knew', 'The last bell'],
      concerns: ['/titles/0: still in the form "What the … Knew"', '/titles/1: the title of another section'],
    });
  });

  it('asks again for a title that would make a pattern of its own with two others', () => {
    expect(step.read(answer('Salt on the Stairs', 'The Drowned Road'))).toEqual({
      value: ['Salt on the Stairs', 'The Drowned Road'],
      concerns: ['/titles/0: in the form "Salt on the …" with 2 other titles'],
    });
  });

  it('names the pattern in the schema, so a strict model reads it where it writes the title', () => {
    expect(JSON.stringify(step.schema)).toContain('not in the form \\"What the … Knew\\"');
  });
});

describe('retitleMessages', () => {
  it('shows every title, the pattern, and what happens in each section to retitle, in the book’s language', () => {
    const [, user] = retitleMessages(plan, asked, 'chapter');
    for (const section of plan.sections) expect(user!.content).toContain(`${section.number}. ${section.title}`);
    expect(user!.content).toContain('Chapters 1, 2 and 3 are all titled "What the … Knew"');
    for (const section of asked.sections) {
      expect(user!.content).toContain(`- Chapter ${section.number} (now "${section.title}"): ${section.summary}`);
    }
    expect(user!.content).toContain('gives away nothing the book reveals later');
    expect(user!.content).toContain('Language of the book: English (en).');
  });
});
