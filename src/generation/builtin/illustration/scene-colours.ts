import { brightness, darken, desaturate, lighten, mix, saturation } from './colour';

export type TimeOfDay = 'dawn' | 'day' | 'dusk' | 'night';

/** Every colour one picture uses, mixed from the style's palette and the time of day. */
export interface SceneColours {
  skyTop: string;
  skyHorizon: string;
  /** Sun or moon. */
  celestial: string;
  /** The halo around it and the shine on water. */
  glow: string;
  /** Landscape layers from the horizon forwards: each nearer one darker and less like the sky. */
  far: string;
  mid: string;
  near: string;
  /** Figures and the ground they stand on. */
  figure: string;
  /** Lit windows, sails, snow caps. */
  highlight: string;
  /** The style's accent, toned for the light. */
  accent: string;
  /** Clouds and mist. */
  haze: string;
  /** The frame of a cover. */
  frame: string;
}

/** The colour of the light at each time: zenith and horizon. */
const TINTS: Record<TimeOfDay, { top: string; horizon: string; sun: string }> = {
  dawn: { top: '#5a6fb0', horizon: '#ffb98f', sun: '#fff1c9' },
  day: { top: '#3f8fd8', horizon: '#dcefff', sun: '#fff8e0' },
  dusk: { top: '#2e2560', horizon: '#f07a4f', sun: '#ffcf7a' },
  night: { top: '#060a1c', horizon: '#27335e', sun: '#f4f1e4' },
};

/**
 * The palette lit at a time of day. A grey palette (noir) keeps grey light:
 * the tints lose their colour as the palette has less of it, so a
 * black-and-white style stays black and white.
 */
export function sceneColours(palette: readonly [string, string, string], time: TimeOfDay): SceneColours {
  const [background, accent, light] = palette;
  const colourfulness = Math.max(saturation(background), saturation(accent), saturation(light));
  const tone = (colour: string): string => desaturate(colour, 1 - Math.min(1, colourfulness * 1.5));
  const tint = { top: tone(TINTS[time].top), horizon: tone(TINTS[time].horizon), sun: tone(TINTS[time].sun) };
  const base = mix(background, accent, 0.22);

  let skyTop: string;
  let skyHorizon: string;
  let land: string;
  switch (time) {
    case 'night':
      skyTop = darken(mix(background, tint.top, 0.55), 0.35);
      skyHorizon = lighten(mix(mix(background, accent, 0.3), tint.horizon, 0.35), 0.14);
      land = darken(base, 0.62);
      break;
    case 'dusk':
      skyTop = mix(darken(background, 0.25), tint.top, 0.45);
      skyHorizon = mix(mix(accent, light, 0.35), tint.horizon, 0.5);
      land = darken(base, 0.48);
      break;
    case 'dawn':
      skyTop = mix(mix(background, light, 0.25), tint.top, 0.45);
      skyHorizon = mix(light, tint.horizon, 0.45);
      land = darken(base, 0.32);
      break;
    case 'day':
      skyTop = mix(mix(accent, background, 0.35), tint.top, 0.55);
      skyHorizon = lighten(mix(light, tint.horizon, 0.35), 0.15);
      land = darken(mix(base, accent, 0.3), 0.22);
      break;
  }
  // A palette that is light all over (pastels) would give washed-out land: give it some weight.
  if (brightness(land) > 0.45) land = darken(land, 0.3);

  const celestial = time === 'night' ? lighten(mix(light, tint.sun, 0.5), 0.35) : mix(light, tint.sun, 0.65);
  const figure = darken(land, 0.6);
  return {
    skyTop,
    skyHorizon,
    celestial,
    glow: mix(celestial, skyHorizon, 0.3),
    far: mix(land, skyHorizon, 0.62),
    mid: mix(land, skyHorizon, 0.36),
    near: mix(land, skyHorizon, 0.1),
    figure,
    highlight: time === 'night' || time === 'dusk' ? lighten(mix(light, tint.sun, 0.4), 0.2) : lighten(light, 0.3),
    accent: time === 'night' ? mix(accent, skyTop, 0.25) : accent,
    haze: time === 'night' ? mix(skyHorizon, light, 0.3) : lighten(mix(light, skyHorizon, 0.5), 0.35),
    frame: lighten(light, 0.2),
  };
}
