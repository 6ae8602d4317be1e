import { embeddedRasterOnly, fitInto, prepareSvg, withHslColors } from './pdf-images';

describe('pdf images', () => {
  describe('prepareSvg', () => {
    it('makes the root fill the viewport it is given and keeps its viewBox', () => {
      const prepared = prepareSvg(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 300 200"><rect stroke-width="3" width="10" height="10"/></svg>',
        { width: 1, height: 1 },
      );
      expect(prepared?.aspect).toBe(1.5);
      expect(prepared?.svg).toBe(
        '<?xml version="1.0"?><svg width="100%" height="100%" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200"><rect stroke-width="3" width="10" height="10"/></svg>',
      );
    });

    it('adds a viewBox from the root size, else from the stated image size, so the drawing scales', () => {
      expect(prepareSvg("<svg width='80px' height='40'><g/></svg>", { width: 1, height: 1 })).toEqual({
        svg: '<svg width="100%" height="100%" viewBox="0 0 80 40"><g/></svg>',
        aspect: 2,
      });
      expect(prepareSvg('<svg width="50%"><g/></svg>', { width: 300, height: 600 })).toEqual({
        svg: '<svg width="100%" height="100%" viewBox="0 0 300 600"><g/></svg>',
        aspect: 0.5,
      });
    });

    it('rejects data without an svg root or without any size', () => {
      expect(prepareSvg('<html><body/></html>', { width: 10, height: 10 })).toBeUndefined();
      expect(prepareSvg('<svg><g/></svg>', { width: 0, height: 0 })).toBeUndefined();
    });
  });

  describe('embeddedRasterOnly', () => {
    it('passes inline PNG and JPEG images', () => {
      expect(embeddedRasterOnly('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
      expect(embeddedRasterOnly('data:image/jpeg;base64, /9j/4AAQ ')).toBe('data:image/jpeg;base64,/9j/4AAQ');
    });

    it('turns file paths, URLs and other data into an empty image, which pdfkit never reads from disk', () => {
      for (const link of [
        '/etc/passwd',
        'file:///etc/passwd',
        'https://example.com/a.png',
        'data:text/plain;base64,QQ==',
        '',
      ]) {
        expect(embeddedRasterOnly(link)).toBe('data:image/png;base64,');
      }
    });
  });

  describe('withHslColors', () => {
    it('converts hsl() and hsla() to RGB with alpha', () => {
      expect(withHslColors(undefined, 'hsl(0, 100%, 50%)')).toEqual([[255, 0, 0], 1]);
      expect(withHslColors(undefined, 'hsl(240,55%,45%)')).toEqual([[52, 52, 178], 1]);
      expect(withHslColors(undefined, 'hsla(120 100% 25% / 0.5)')).toEqual([[0, 128, 0], 0.5]);
      expect(withHslColors(undefined, 'HSL(480deg, 0%, 100%)')).toEqual([[255, 255, 255], 1]);
    });

    it('leaves colors svg-to-pdfkit parsed itself alone and unknown ones undefined', () => {
      const parsed: [[number, number, number], number] = [[1, 2, 3], 1];
      expect(withHslColors(parsed, 'rgb(1,2,3)')).toBe(parsed);
      expect(withHslColors(parsed)).toBe(parsed);
      expect(withHslColors(undefined, 'lab(50% 40 59)')).toBeUndefined();
    });
  });

  it('fits an aspect ratio into a box', () => {
    expect(fitInto(2, { width: 100, height: 100 })).toEqual({ width: 100, height: 50 });
    expect(fitInto(0.5, { width: 100, height: 100 })).toEqual({ width: 50, height: 100 });
  });
});
