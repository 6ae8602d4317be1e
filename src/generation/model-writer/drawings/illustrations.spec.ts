import { coverAlt, coverPrompt, sectionImageAlt, sectionImagePrompt, sectionScene } from './illustrations';
import { lighthousePlan as plan } from '../testing/book-plan-fixture';

describe('illustration prompts', () => {
  it("put the book's hero in its main setting on the cover", () => {
    const prompt = coverPrompt(plan);
    expect(prompt).toContain('It shows Mara Quill (Forty, weathered, left-handed.) in Merrow Point');
    expect(prompt).toContain('A lighthouse on a basalt spit.');
    expect(prompt).toContain('No text, letters or logos.');
  });

  it("show how a story begins on its cover, never the synopsis's ending", () => {
    const prompt = coverPrompt(plan);
    expect(prompt).toContain('Section 1 summary with Mara Quill.');
    expect(prompt).not.toContain('The mayor sank it');
    const subject = {
      ...plan,
      bible: { kind: 'subject' as const, thesis: 't', audience: 'a', voice: 'v', concepts: [], readerOutcomes: [] },
    };
    expect(coverPrompt(subject)).toContain(plan.synopsis);
  });

  it("draw a section's scene from its outline: what happens, where, and who is there", () => {
    const section = plan.sections[0]!;
    const prompt = sectionImagePrompt(plan, section);
    expect(prompt).toContain('Mara finds the bottle.');
    expect(prompt).toContain('Where: Merrow Point (A lighthouse on a basalt spit.).');
    expect(prompt).toContain('Characters: Mara Quill (Forty, weathered, left-handed.)');
    expect(prompt).not.toContain('Mayor Edwin Hale');
  });

  it('know the people the outline lists by the names the writers use ("Mara", "Mayor Hale")', () => {
    const section = { ...plan.sections[0]!, present: ['Mara', 'Mayor Hale'], summary: 'A bottle on the shore.' };
    const prompt = sectionImagePrompt(plan, section);
    expect(prompt).toContain(
      'Characters: Mara Quill (Forty, weathered, left-handed.); Mayor Edwin Hale (Sixty, charming, nervous hands.)',
    );
  });

  it("take the writer's description of the picture when there is one (picture books), within the model's limit", () => {
    const section = plan.sections[1]!;
    const prompt = sectionImagePrompt(plan, section, 'Mara holds the map up to the lamp at night.');
    expect(prompt).toContain('Mara holds the map up to the lamp at night. Where: Merrow Point');
    expect(sectionImagePrompt(plan, { ...section, summary: 'x'.repeat(3000) }).length).toBeLessThanOrEqual(1000);
  });

  it('cut a long scene to fit, never the art direction and "no text" that end every prompt', () => {
    const long = Array.from({ length: 300 }, (_, index) => `wave${index}`).join(' ');
    for (const prompt of [
      sectionImagePrompt(plan, { ...plan.sections[1]!, beats: [long] }),
      coverPrompt({ ...plan, sections: [{ ...plan.sections[0]!, summary: long }, ...plan.sections.slice(1)] }),
    ]) {
      expect(prompt.length).toBeLessThanOrEqual(1000);
      expect(prompt).toMatch(/ wave\d+… Painterly book illustration\. No text, letters or logos\.$/);
    }
  });

  it("describe the cover's hero and place in its alt text, and only the title when a subject book has neither", () => {
    expect(coverAlt(plan)).toBe(`Cover of ${plan.title}: Mara Quill in Merrow Point`);
    const subject = { ...plan, bible: { kind: 'subject' as const } } as unknown as typeof plan;
    expect(coverAlt(subject)).toBe(`Cover of ${plan.title}`);
    // A book in another language gets the names alone, no English around them.
    expect(coverAlt({ ...plan, language: 'fr' })).toBe(`${plan.title}: Mara Quill, Merrow Point`);
  });

  it('give an illustrator that reads words the setting first, then the scene, then who is there', () => {
    const section = plan.sections[0]!;
    expect(sectionScene(section)).toBe(
      [section.setting, sectionImageAlt(section), ...section.present].filter(Boolean).join('. '),
    );
    expect(sectionScene(section).startsWith(`${section.setting!}. `)).toBe(true);
  });

  it('describe the scene in the alt text', () => {
    expect(sectionImageAlt(plan.sections[0]!)).toBe('Mara finds the bottle. (Merrow Point)');
    expect(sectionImageAlt(plan.sections[0]!, 'Mara on the pier at Merrow Point.')).toBe(
      'Mara on the pier at Merrow Point.',
    );
  });
});
