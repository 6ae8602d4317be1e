/**
 * The one style sheet of the book. Reading systems let the reader pick font,
 * size, margins and a night theme, so this sets proportions (em), spacing and
 * structure only: no colours on the page or text, no fixed font sizes, no
 * custom properties, grid or media queries that older e-ink readers ignore or
 * that would fight the reader's theme.
 */
export const EPUB_STYLE = `@charset "UTF-8";

body {
  margin: 0 5%;
  font-family: Georgia, "Palatino Linotype", Palatino, "Noto Serif", "Noto Serif CJK JP", "Hiragino Mincho ProN",
    "Yu Mincho", "Songti SC", serif;
  line-height: 1.5;
  text-align: left;
  -webkit-hyphens: auto;
  -epub-hyphens: auto;
  hyphens: auto;
  widows: 2;
  orphans: 2;
}

h1, h2, h3 {
  font-family: "Helvetica Neue", Helvetica, Arial, "Noto Sans", "Noto Sans CJK JP", "Hiragino Sans", sans-serif;
  line-height: 1.25;
  text-align: left;
  -webkit-hyphens: none;
  -epub-hyphens: none;
  hyphens: none;
  page-break-after: avoid;
  break-after: avoid;
}
h1 { font-size: 1.6em; margin: 2em 0 1.25em; }
h2 { font-size: 1.3em; margin: 1.75em 0 0.75em; }
h3 { font-size: 1.1em; margin: 1.5em 0 0.5em; }

p { margin: 0 0 0.6em; }
/* Book prose: no gap between paragraphs, an indent instead, none after a heading or break. */
p.prose { margin: 0; text-indent: 0; }
p.prose + p.prose { text-indent: 1.5em; }

img { max-width: 100%; height: auto; }
figure { margin: 1.5em 0; text-align: center; page-break-inside: avoid; break-inside: avoid; }
figure img { display: block; margin: 0 auto; }
figcaption { font-size: 0.9em; font-style: italic; margin-top: 0.5em; text-align: center; }

hr.scene-break { border: 0; border-top: 1px solid; width: 25%; margin: 1.5em auto; }

ul, ol { margin: 0.75em 0; padding-left: 1.75em; }
li { margin: 0.2em 0; }

.speaker { font-weight: bold; }

.key-point { border-left: 0.25em solid; padding: 0.5em 0 0.5em 1em; margin: 1.25em 0; page-break-inside: avoid; break-inside: avoid; }
.key-point p { margin: 0; }

.exercise { border: 1px solid; padding: 0.5em 1em; margin: 1.25em 0; page-break-inside: avoid; break-inside: avoid; }
.exercise p { margin: 0; }
.answer-link { font-size: 0.9em; }
.answers { margin-top: 2.5em; }
.answers li p { margin: 0; }

dl.glossary dt { font-weight: bold; margin-top: 0.75em; }
dl.glossary dd { margin: 0 0 0 1.5em; }

.panel { border: 2px solid; padding: 0.5em; margin: 1.25em 0; text-align: left; }
.panel .art { font-style: italic; margin: 0 0 0.5em; }
.panel figcaption { font-style: normal; text-align: left; }
.panel figcaption p { margin: 0.25em 0; }
.panel-number { display: block; font-size: 0.8em; font-weight: bold; text-transform: uppercase; letter-spacing: 0.08em; }
.panel .caption { font-style: italic; }

.cover-page { margin: 0; padding: 0; text-align: center; }
.cover-page img { max-height: 95%; }

.title-page { text-align: center; }
.title-page h1 { font-size: 2em; text-align: center; margin: 3em 0 0.5em; }
.title-page .subtitle { font-size: 1.2em; font-style: italic; margin-bottom: 2em; }
.title-page .byline { font-size: 1.1em; margin-bottom: 3em; }
.title-page .reading-note { font-size: 0.9em; }

.dedication { text-align: center; font-style: italic; margin-top: 30%; }

nav ol { list-style: none; padding-left: 0; }
nav li { margin: 0.4em 0; }
nav a { text-decoration: none; }
`;
