import { estimateTokens } from '../client/model-client';
import { PICTURE_FRAME, planPictures, type PictureJob } from './svg-pictures';

/** A job whose request says how much it may draw, as the real ones do. */
function job(id: string, maxTokens = 1_000): PictureJob {
  return {
    id,
    label: id,
    frame: PICTURE_FRAME,
    maxTokens,
    alt: id,
    messages: (room) => [{ role: 'user', content: `Draw ${id} in at most ${room} tokens.` }],
  };
}

const prompt = (picture: PictureJob) => estimateTokens(picture.messages(picture.maxTokens)[0]!.content);

describe('the picture budget', () => {
  const jobs = ['cover', ...Array.from({ length: 8 }, (_, index) => `section-${index + 1}`)].map((id) => job(id));
  const prompts = jobs.reduce((sum, picture) => sum + prompt(picture), 0);

  it('gives every picture its full room when the budget pays for it', () => {
    const planned = planPictures(jobs, prompts + 9_000);
    expect(planned.map((picture) => ('maxTokens' in picture ? picture.maxTokens : 0))).toEqual(jobs.map(() => 1_000));
  });

  it('gives every picture less room, down to half, rather than drop one', () => {
    const planned = planPictures(jobs, prompts + 6_300);
    expect(planned.map((picture) => ('maxTokens' in picture ? picture.maxTokens : 0))).toEqual(jobs.map(() => 700));
  });

  it('below half, has the model draw the cover and evenly spaced sections, and leaves the rest builtin', () => {
    const planned = planPictures(jobs, 3 * (prompt(jobs[0]!) + 500) + 10);
    const drawn = planned.filter((picture) => 'maxTokens' in picture).map((picture) => picture.job.id);
    // The cover, the middle section and the middle of the first half, in the book's order.
    expect(drawn).toEqual(['cover', 'section-3', 'section-5']);
    expect(planned.every((picture) => !('maxTokens' in picture) || picture.maxTokens === 500)).toBe(true);
  });
});
