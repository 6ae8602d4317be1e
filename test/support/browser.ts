import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

/**
 * A real Chromium for the web console's browser suites: the distribution's
 * package (playwright-core brings none; `scripts/services.sh` installs it),
 * one browser per suite, a fresh context per test.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where screenshots go; kept by CI as artifacts, ignored by git. */
export const SCREENSHOT_DIR = join('test-artifacts', 'console');

export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} satisfies Record<string, BrowserContextOptions>;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * Starts Chromium headless. Any failure to start is thrown with what to do
 * about it: a missing browser must fail the suite, never skip it.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: install Debian's chromium package ` +
        '(scripts/services.sh ensure_test_tools does) or set CHROMIUM_PATH to a Chromium executable.',
    );
  }
  try {
    return await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      // Chromium refuses to sandbox as root (containers, CI); anyone else keeps the sandbox.
      args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
      timeout: 60_000,
    });
  } catch (error) {
    throw new Error(`Chromium at ${CHROMIUM_PATH} did not start: ${(error as Error).message}`);
  }
}

/**
 * Registers the suite's browser hooks in the calling `describe`: one
 * Chromium for the suite, and contexts that are closed after each test.
 * `page()` is the test's default page (desktop viewport); `context(options)`
 * opens another context (a phone, JavaScript off, a second user).
 */
export function useBrowser(defaults: BrowserContextOptions = {}): {
  browser: () => Browser;
  context: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  page: (options?: BrowserContextOptions) => Promise<Page>;
} {
  let browser: Browser | undefined;
  let open: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  }, 90_000);
  afterEach(async () => {
    const closing = open;
    open = [];
    await Promise.all(closing.map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const context = async (options: BrowserContextOptions = {}): Promise<BrowserContext> => {
    if (!browser) throw new Error('The browser did not start (see the beforeAll failure)');
    const created = await browser.newContext({ ...VIEWPORTS.desktop, ...defaults, ...options });
    open.push(created);
    return created;
  };
  return {
    browser: () => browser!,
    context,
    page: async (options?: BrowserContextOptions) => (await context(options)).newPage(),
  };
}

/** Saves a full-page PNG as `test-artifacts/console/<name>.png`; answers its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules, and best practices) on
 * the page as it is now and fails on any serious or critical violation,
 * listing each rule, its impact, its help page and the offending elements.
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // Legacy mode runs axe in the page itself; the default also opens a blank page per run to merge the
  // results of cross-origin frames, which the console has none of, at some 0.7 s a page (28 runs a suite).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  if (blocking.length === 0) return;
  const report = blocking
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `      ${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, '\n        ')}`)
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n      ... and ${violation.nodes.length - 5} more` : '';
      return `  - ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
  throw new Error(`${label}: ${blocking.length} serious or critical accessibility violation(s):\n${report}`);
}
