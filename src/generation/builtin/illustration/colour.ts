/**
 * Hex colour arithmetic for the builtin illustrations: the styles give three
 * colours, and every shade of a picture (sky, haze, silhouettes) is mixed from
 * them. Colours are `#rrggbb` (or `#rgb` on input); results are always
 * lower-case `#rrggbb`, so the same inputs give the same bytes.
 */

export type Rgb = readonly [number, number, number];

const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));

export function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`Not a hex colour: ${hex}`);
  const digits =
    match[1].length === 3
      ? match[1]
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : match[1];
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as unknown as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `from` moved `amount` (0..1) of the way to `to`, channel by channel. */
export function mix(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  const t = clamp01(amount);
  return toHex([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
}

/** Towards white by `amount` (0..1). */
export function lighten(colour: string, amount: number): string {
  return mix(colour, '#ffffff', amount);
}

/** Towards black by `amount` (0..1). */
export function darken(colour: string, amount: number): string {
  return mix(colour, '#000000', amount);
}

/** Perceived brightness, 0 (black) to 1 (white), from the Rec. 709 weights on the sRGB values. */
export function brightness(colour: string): number {
  const [r, g, b] = parseHex(colour);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** HSL saturation: 0 for greys, 1 for any fully saturated colour however pale (a pastel pink is 1). */
export function saturation(colour: string): number {
  const channels = parseHex(colour).map((channel) => channel / 255);
  const max = Math.max(...channels);
  const min = Math.min(...channels);
  const lightness = (max + min) / 2;
  if (max === min) return 0;
  return (max - min) / (1 - Math.abs(2 * lightness - 1));
}

/** Towards the grey of the same brightness by `amount` (0..1). */
export function desaturate(colour: string, amount: number): string {
  const grey = Math.round(brightness(colour) * 255);
  return mix(colour, toHex([grey, grey, grey]), amount);
}
