#!/usr/bin/env node
/**
 * `npm run bench:render`: a 100,000-word novel with 12 illustrations rendered
 * to every format, each in a fresh process so its peak memory is its own; and,
 * in the same run, pandoc converting the same book from Markdown to EPUB (the
 * baseline, when pandoc is installed: `apt-get install pandoc`). Results go to
 * bench/results/render.json and render.md.
 */
'use strict';
require('reflect-metadata');
const { execFileSync, spawnSync } = require('node:child_process');
const { mkdirSync, mkdtempSync, writeFileSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const dist = (file) => path.join(root, 'dist', 'src', file);
const FORMATS = ['txt', 'md', 'html', 'json', 'pdf', 'epub'];
const TARGET_WORDS = 100_000;
const REPEATS = Number(process.env.BENCH_RENDER_REPEATS ?? 3);

/** A deterministic novel: varied sentences from a small grammar, 40 chapters, a cover and 11 chapter pictures. */
function novel() {
  const { BOOK_DOCUMENT_VERSION } = require(dist('generation/book-document.js'));
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = (items) => items[Math.floor(random() * items.length)];
  const people = ['Mira', 'Tomas', 'Ada', 'the harbourmaster', 'old Vell', 'Captain Ruiz'];
  const verbs = ['watched', 'followed', 'remembered', 'counted', 'mended', 'feared', 'carried'];
  const things = [
    'the lanterns',
    'the tide',
    'a torn map',
    'the north wind',
    'the bell tower',
    'her brother’s letters',
  ];
  const tails = [
    'before dawn',
    'without a word',
    'as the fog rolled in',
    'for the last time',
    'until the rain stopped',
  ];
  const sentence = () =>
    `${pick(people)} ${pick(verbs)} ${pick(things)} ${pick(tails)}.`.replace(/^./, (c) => c.toUpperCase());
  const svg = (hue) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400"><rect width="600" height="400" fill="hsl(${hue},40%,80%)"/><circle cx="300" cy="170" r="80" fill="hsl(${(hue + 40) % 360},50%,45%)"/><path d="M0 320 Q150 260 300 320 T600 320 V400 H0 Z" fill="hsl(${(hue + 180) % 360},30%,30%)"/></svg>`,
    ).toString('base64');
  const images = [
    { id: 'cover', mediaType: 'image/svg+xml', data: svg(200), alt: 'The harbour at dusk', width: 600, height: 400 },
  ];
  const chapters = [];
  let words = 0;
  for (let number = 1; words < TARGET_WORDS; number += 1) {
    const blocks = [];
    for (let paragraph = 0; paragraph < 60; paragraph += 1) {
      const text = Array.from({ length: 6 }, sentence).join(' ');
      words += text.split(' ').length;
      blocks.push(
        paragraph % 9 === 4 ? { kind: 'dialogue', speaker: pick(people), text } : { kind: 'paragraph', text },
      );
    }
    const imageId = number <= 11 ? `img-${number}` : undefined;
    if (imageId)
      images.push({
        id: imageId,
        mediaType: 'image/svg+xml',
        data: svg(number * 31),
        alt: `Chapter ${number}`,
        width: 600,
        height: 400,
      });
    chapters.push({
      id: `ch-${number}`,
      kind: 'chapter',
      number,
      title: `Chapter of the ${pick(things).replace('the ', '')}`,
      imageId,
      blocks,
    });
  }
  return {
    schemaVersion: BOOK_DOCUMENT_VERSION,
    metadata: {
      title: 'The Lantern Keepers',
      author: 'Benchmark',
      language: 'en',
      type: 'novel',
      style: 'drama',
      model: '3.0',
      synopsis: 'A harbour town and the people who keep its lights.',
      readingDirection: 'ltr',
      identifier: '00000000-0000-4000-8000-000000000042',
      createdAt: '2026-01-01T00:00:00.000Z',
      wordCount: words,
    },
    coverImageId: 'cover',
    frontMatter: { dedication: 'For the keepers.' },
    chapters,
    images,
  };
}

async function renderOnce(format) {
  const { RendererRegistry } = require(dist('rendering/renderer-registry.js'));
  const renderer = new RendererRegistry().get(format);
  const document = novel();
  const times = [];
  let size = 0;
  for (let run = 0; run < REPEATS; run += 1) {
    const started = process.hrtime.bigint();
    const output = await renderer.render(document);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    size = output.length;
  }
  const ms = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  process.stdout.write(
    JSON.stringify({
      format,
      words: document.metadata.wordCount,
      medianMs: Math.round(ms),
      bytes: size,
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}

function pandocBaseline() {
  if (spawnSync('pandoc', ['--version']).status !== 0) return null;
  const { MarkdownRenderer } = require(dist('rendering/renderers/md.renderer.js'));
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bench-render-'));
  try {
    return new MarkdownRenderer().render(novel()).then((markdown) => {
      const input = path.join(directory, 'book.md');
      writeFileSync(input, markdown);
      const times = [];
      for (let run = 0; run < REPEATS; run += 1) {
        const started = process.hrtime.bigint();
        execFileSync('pandoc', [
          input,
          '-f',
          'commonmark',
          '-o',
          path.join(directory, 'book.epub'),
          '--metadata',
          'title=The Lantern Keepers',
        ]);
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      rmSync(directory, { recursive: true, force: true });
      return Math.round(times.sort((a, b) => a - b)[Math.floor(times.length / 2)]);
    });
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}

async function main() {
  const format = process.argv[2];
  if (format) return renderOnce(format);
  const results = [];
  for (const each of FORMATS) {
    const child = spawnSync(process.execPath, [__filename, each], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    if (child.status !== 0) throw new Error(`${each}: ${child.stderr}`);
    results.push(JSON.parse(child.stdout));
    process.stderr.write(`[bench:render] ${child.stdout}\n`);
  }
  const pandocMs = await pandocBaseline();
  const epub = results.find((r) => r.format === 'epub');
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    repeats: REPEATS,
    results,
    pandocEpubMs: pandocMs,
    epubVsPandoc: pandocMs ? Number((epub.medianMs / pandocMs).toFixed(3)) : null,
  };
  const out = path.join(root, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'render.json'), `${JSON.stringify(report, null, 2)}\n`);
  const md = [
    `Measured ${report.date} on ${report.machine.cpus} CPUs, Node ${report.machine.node}: a ${results[0].words.toLocaleString('en')}-word novel with 12 illustrations, median of ${REPEATS} renders, each format in its own process.`,
    '',
    '| Format | Time (ms) | Output | Peak RSS (MiB) |',
    '| --- | ---: | ---: | ---: |',
    ...results.map((r) => `| ${r.format} | ${r.medianMs} | ${(r.bytes / 1024).toFixed(0)} KiB | ${r.peakRssMiB} |`),
    '',
    pandocMs
      ? `pandoc (Markdown to EPUB, same book): ${pandocMs} ms; our EPUB takes ${report.epubVsPandoc}x pandoc's time.`
      : 'pandoc is not installed: no baseline in this run.',
    '',
  ].join('\n');
  writeFileSync(path.join(out, 'render.md'), md);
  process.stdout.write(`${md}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
