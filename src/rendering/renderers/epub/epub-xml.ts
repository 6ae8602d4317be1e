/**
 * XML building blocks shared by every file of the EPUB package. Reading
 * systems parse these files as XML, not HTML: one unescaped `&` or `<` in a
 * title makes the whole book unreadable, so every user string passes through
 * `escapeXml` and the only markup is ours.
 */
import { cleanInline } from '../text-helpers';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * User text made safe for element content and quoted attribute values.
 * `cleanInline` also drops the control characters and noncharacters that XML
 * 1.0 forbids outright, which no amount of escaping could make legal.
 */
export function escapeXml(text: string | undefined): string {
  return cleanInline(text).replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

/** A well-formed BCP 47 tag or `und`: epubcheck rejects a malformed `dc:language` and `xml:lang`. */
export function languageTag(language: string): string {
  const tag = cleanInline(language);
  return /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) ? tag : 'und';
}

export interface XhtmlPage {
  /** Escaped title for the `<title>` element; never empty. */
  title: string;
  language: string;
  /** `epub:type` of `<body>` (structural semantics), e.g. `bodymatter`. */
  bodyType?: string;
  bodyClass?: string;
  body: string;
}

/** A complete EPUB 3 XHTML content document around `body`, linking the shared style sheet. */
export function xhtmlDocument(page: XhtmlPage): string {
  const attributes = [
    page.bodyType ? ` epub:type="${page.bodyType}"` : '',
    page.bodyClass ? ` class="${page.bodyClass}"` : '',
  ].join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE html>',
    `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${page.language}" lang="${page.language}">`,
    '<head>',
    '<meta charset="UTF-8"/>',
    `<title>${page.title}</title>`,
    '<link rel="stylesheet" type="text/css" href="style.css"/>',
    '</head>',
    `<body${attributes}>`,
    page.body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
