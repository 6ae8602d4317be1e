/**
 * What the fake chat server draws when it is asked for pictures as SVG: a
 * small flat scene (sky, hills, a sun, a figure per person the request names)
 * in the request's viewBox, one `<svg>` per panel when a page of panels is
 * asked. Deterministic for a seed, and sized like a real model's simple
 * drawing (a few KB), so budgets and cuts at the token limit behave as with
 * a real illustrator. Nonsense as art; the point is the plumbing.
 */
import { Random } from '../../builtin/prng';

export function fakeDrawings(prompt: string, seed: string): string {
  const box = /viewBox="0 0 (\d+) (\d+)"/.exec(prompt);
  const width = Number(box?.[1] ?? 600);
  const height = Number(box?.[2] ?? 400);
  const panels = Number(/^Draw the (\d+) panels? of /m.exec(prompt)?.[1] ?? 1);
  const people = [...prompt.matchAll(/^- ([^:\n]+): /gm)].length;
  const palette = [
    ...(/palette, to paint with first: ([^\n]+)\./.exec(prompt)?.[1] ?? '').matchAll(/#[0-9a-f]{6}/gi),
  ].map((match) => match[0]);
  return Array.from({ length: panels }, (_, index) =>
    scene(new Random(`${seed}\u0000${index}`), width, height, Math.max(1, people), palette),
  ).join('\n');
}

function scene(random: Random, width: number, height: number, people: number, palette: readonly string[]): string {
  const colour = (fallback: string) => (palette.length > 0 ? random.pick(palette) : fallback);
  const parts = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour('#8ec5e8')}"/>` +
      `<stop offset="1" stop-color="#f6e7c1"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<circle cx="${random.int(60, width - 60)}" cy="${random.int(40, height / 3)}" r="${random.int(24, 40)}" fill="#f9d56e"/>`,
  ];
  for (let hill = 0; hill < 3; hill += 1) {
    const top = Math.round(height * (0.55 + hill * 0.12));
    parts.push(
      `<path d="M0 ${top} Q ${width / 2} ${top - random.int(30, 90)} ${width} ${top} L ${width} ${height} L 0 ${height} Z" ` +
        `fill="${colour(['#6a9955', '#4f7a3a', '#3b5e2b'][hill] ?? '#4f7a3a')}"/>`,
    );
  }
  for (let person = 0; person < people; person += 1) {
    const x = Math.round((width * (person + 1)) / (people + 1));
    const y = Math.round(height * 0.78);
    parts.push(
      `<g transform="translate(${x} ${y})"><ellipse cx="0" cy="-40" rx="18" ry="30" fill="${colour('#c0504d')}"/>` +
        `<circle cx="0" cy="-82" r="14" fill="#f1c27d"/><circle cx="-5" cy="-85" r="2" fill="#222222"/>` +
        `<circle cx="5" cy="-85" r="2" fill="#222222"/><rect x="-14" y="-12" width="8" height="22" fill="#333333"/>` +
        `<rect x="6" y="-12" width="8" height="22" fill="#333333"/></g>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
