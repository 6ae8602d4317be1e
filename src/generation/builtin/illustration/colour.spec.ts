import { brightness, darken, desaturate, lighten, mix, parseHex, saturation, toHex } from './colour';

describe('colour helpers', () => {
  it('reads long and short hex colours in any case', () => {
    expect(parseHex('#1d3557')).toEqual([0x1d, 0x35, 0x57]);
    expect(parseHex('#FfA')).toEqual([255, 255, 170]);
  });

  it('refuses anything that is not a hex colour', () => {
    for (const bad of ['1d3557', '#12345', '#ggg', 'red', 'rgb(0,0,0)', ''])
      expect(() => parseHex(bad)).toThrow('Not a hex colour');
  });

  it('writes lower-case #rrggbb, rounding and clamping channels', () => {
    expect(toHex([255, 0, 170])).toBe('#ff00aa');
    expect(toHex([12.4, 12.6, -3])).toBe('#0c0d00');
    expect(toHex([300, 255.4, 0])).toBe('#ffff00');
  });

  it('mixes from one colour at 0 to the other at 1, clamping the amount', () => {
    expect(mix('#000000', '#ffffff', 0)).toBe('#000000');
    expect(mix('#000000', '#ffffff', 1)).toBe('#ffffff');
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#ff0000', '#0000ff', 0.25)).toBe('#bf0040');
    expect(mix('#102030', '#ffffff', -1)).toBe('#102030');
    expect(mix('#102030', '#ffffff', 2)).toBe('#ffffff');
  });

  it('lightens towards white and darkens towards black', () => {
    expect(lighten('#336699', 0)).toBe('#336699');
    expect(lighten('#336699', 1)).toBe('#ffffff');
    expect(lighten('#000000', 0.5)).toBe('#808080');
    expect(darken('#336699', 1)).toBe('#000000');
    expect(darken('#ffffff', 0.5)).toBe('#808080');
    expect(brightness(lighten('#336699', 0.3))).toBeGreaterThan(brightness('#336699'));
    expect(brightness(darken('#336699', 0.3))).toBeLessThan(brightness('#336699'));
  });

  it('measures brightness from 0 for black to 1 for white, green brighter than blue', () => {
    expect(brightness('#000000')).toBe(0);
    expect(brightness('#ffffff')).toBeCloseTo(1, 5);
    expect(brightness('#00ff00')).toBeGreaterThan(brightness('#0000ff'));
  });

  it('measures saturation as 0 for greys and 1 for full hues, pastels included', () => {
    expect(saturation('#777777')).toBe(0);
    expect(saturation('#ffffff')).toBe(0);
    expect(saturation('#ff0000')).toBe(1);
    expect(saturation('#ffc8dd')).toBeCloseTo(1, 5);
    expect(saturation('#495057')).toBeLessThan(0.15);
  });

  it('desaturates towards the grey of the same brightness', () => {
    const grey = desaturate('#e63946', 1);
    expect(saturation(grey)).toBe(0);
    expect(brightness(grey)).toBeCloseTo(brightness('#e63946'), 1);
    expect(desaturate('#e63946', 0)).toBe('#e63946');
  });
});
