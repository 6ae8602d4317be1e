import { num, svgPathToPdf } from './svg-path';

/** The numbers of a `c` operator's six operands, rounded for comparison. */
function curves(ops: string | undefined): number[][] {
  return [...(ops ?? '').matchAll(/((?:-?[\d.]+ ){6})c/g)].map((match) =>
    (match[1] ?? '')
      .trim()
      .split(' ')
      .map((value) => Math.round(Number(value) * 1000) / 1000),
  );
}

const KAPPA = Math.round((4 / 3) * (Math.SQRT2 - 1) * 1000) / 1000;

describe('svgPathToPdf', () => {
  it('writes lines, absolute and relative, with implicit linetos after a moveto', () => {
    expect(svgPathToPdf('M10 20L30 40H50V60Z')).toBe('10 20 m 30 40 l 50 40 l 50 60 l h');
    expect(svgPathToPdf('m10,20 5,5 l1 1 2 2 h-3v-4z')).toBe('10 20 m 15 25 l 16 26 l 18 28 l 15 28 l 15 24 l h');
    // After a closepath the current point is the subpath's start.
    expect(svgPathToPdf('M1 1L5 1Zl0 3')).toBe('1 1 m 5 1 l h 1 4 l');
  });

  it('reads numbers written against each other, as SVG allows', () => {
    expect(svgPathToPdf('M-1-2L.5.5 1e1-1.5e0')).toBe('-1 -2 m 0.5 0.5 l 10 -1.5 l');
  });

  it('raises quadratic curves to the cubics that trace them exactly', () => {
    // From (0, 0) through the control point (3, 6) to (6, 0): control points two thirds of the way.
    expect(curves(svgPathToPdf('M0 0Q3 6 6 0'))).toEqual([[2, 4, 4, 4, 6, 0]]);
    // T reflects the previous control point: (3, 6) about (6, 0) is (9, -6).
    expect(curves(svgPathToPdf('M0 0Q3 6 6 0T12 0'))).toEqual([
      [2, 4, 4, 4, 6, 0],
      [8, -4, 10, -4, 12, 0],
    ]);
    // T after anything but a quadratic has its control point on the current point: a straight line.
    expect(curves(svgPathToPdf('M0 0L3 0T9 0'))).toEqual([[3, 0, 5, 0, 9, 0]]);
  });

  it('reflects the previous cubic control point for S, and uses the current point after other segments', () => {
    expect(curves(svgPathToPdf('M0 0C1 2 3 2 4 0S7 -2 8 0'))).toEqual([
      [1, 2, 3, 2, 4, 0],
      [5, -2, 7, -2, 8, 0],
    ]);
    expect(curves(svgPathToPdf('M0 0L4 0s3 -2 4 0'))).toEqual([[4, 0, 7, -2, 8, 0]]);
  });

  it('turns arcs into cubics of at most a quarter turn', () => {
    // A quarter of the unit circle, counter-clockwise in SVG's downward y (sweep 1): one cubic.
    expect(curves(svgPathToPdf('M1 0A1 1 0 0 1 0 1'))).toEqual([[1, KAPPA, KAPPA, 1, 0, 1]]);
    // A half circle: two quarters, through (0, 1).
    expect(curves(svgPathToPdf('M1 0A1 1 0 0 1 -1 0'))).toEqual([
      [1, KAPPA, KAPPA, 1, 0, 1],
      [-KAPPA, 1, -1, KAPPA, -1, 0],
    ]);
    // The large arc the other way round: three quarters.
    expect(curves(svgPathToPdf('M1 0A1 1 0 1 0 0 1'))).toHaveLength(3);
  });

  it('reads arc flags written against the next number, scales radii too small, and skips what draws nothing', () => {
    expect(svgPathToPdf('M1 0a1 1 0 011 1')).toBe(svgPathToPdf('M1 0a1 1 0 0 1 1 1'));
    // Radius 1 cannot span 4 units: scaled to 2, the arc is a half circle.
    expect(curves(svgPathToPdf('M0 0A1 1 0 0 1 4 0'))).toHaveLength(2);
    expect(svgPathToPdf('M0 0A0 5 0 0 1 4 0')).toBe('0 0 m 4 0 l');
    expect(svgPathToPdf('M0 0A5 5 0 0 1 0 0')).toBe('0 0 m');
  });

  it('draws up to the first error, and nothing from data that does not start with a moveto', () => {
    expect(svgPathToPdf('M0 0L5 5L6')).toBe('0 0 m 5 5 l');
    expect(svgPathToPdf('M0 0L5 5 oops L7 7')).toBe('0 0 m 5 5 l');
    expect(svgPathToPdf('M0 0Z 5 5')).toBe('0 0 m h');
    expect(svgPathToPdf('L5 5')).toBe('');
    expect(svgPathToPdf('')).toBe('');
  });

  it('refuses numbers PDF cannot write', () => {
    expect(svgPathToPdf('M0 0L1e300 0')).toBeUndefined();
  });
});

describe('num', () => {
  it('writes what String(Math.round(value * 1000) / 1000) writes, without -0', () => {
    const values = [0, -0, 0.0004, -0.0004, 1, -1, 0.5, -0.05, 0.125, 12.1, 600, -40.25, 1234567.891, 0.1 + 0.2];
    for (let index = 0; index < 2_000; index += 1) values.push((Math.sin(index) * 10 ** (index % 7)) / 3);
    for (const value of values) {
      const expected = String(Math.round(value * 1000) / 1000);
      expect([value, num(value)]).toEqual([value, expected === '-0' ? '0' : expected]);
    }
  });
});
