import { estimateCost } from '../catalog/catalog';
import { finalPrice } from './pricing';

describe('pricing', () => {
  it.each([
    ['2.0', false, 250],
    ['2.0', true, 375],
    ['3.0', false, 500],
    ['3.0', true, 750],
  ] as const)('estimates model %s with images=%s at %i credits', (model, images, expected) => {
    expect(estimateCost(model, images)).toBe(expected);
  });

  it('charges the estimate for a book of nominal length', () => {
    expect(finalPrice('2.0', false, 8000, 8000)).toBe(250);
  });

  it('stays within 10% of the estimate however long or short the book is', () => {
    expect(finalPrice('3.0', false, 1, 10_000)).toBe(450);
    expect(finalPrice('3.0', false, 1_000_000, 10_000)).toBe(550);
    expect(finalPrice('2.0', true, 8400, 8000)).toBe(Math.round(375 * 1.05));
  });
});
