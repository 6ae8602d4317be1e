import { estimateCost, ModelId } from '../catalog/catalog';

/** The final price may differ from the estimate by at most this share either way (DESIGN.md, Credits). */
export const LENGTH_VARIATION = 0.1;

/**
 * The price of a finished book: the estimate scaled by how the generated
 * length compares with the nominal length, bounded to +/-10%.
 */
export function finalPrice(model: ModelId, images: boolean, wordCount: number, nominalWords: number): number {
  const estimate = estimateCost(model, images);
  if (nominalWords <= 0 || !Number.isFinite(wordCount)) return estimate;
  const ratio = wordCount / nominalWords;
  const factor = Math.min(1 + LENGTH_VARIATION, Math.max(1 - LENGTH_VARIATION, ratio));
  return Math.round(estimate * factor);
}
