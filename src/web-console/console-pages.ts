import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import type { FastifyReply } from 'fastify';
import { CONSOLE_FORMAT } from './console-format';
import type { SignedIn } from './console-sessions.service';

/** The templates; `npm run build` copies them (and assets/) beside the compiled code (`build:console-files`). */
export const CONSOLE_VIEWS_DIR = join(__dirname, 'views');

/**
 * The files /console/assets serves, by the only names it answers to: no
 * path from the request ever reaches the file system.
 */
export const CONSOLE_ASSET_FILES: Readonly<Record<string, { path: string; contentType: string }>> = {
  'pico.classless.min.css': {
    path: require.resolve('@picocss/pico/css/pico.classless.min.css'),
    contentType: 'text/css; charset=utf-8',
  },
  'htmx.min.js': { path: require.resolve('htmx.org/dist/htmx.min.js'), contentType: 'text/javascript; charset=utf-8' },
  'console.css': { path: join(__dirname, 'assets', 'console.css'), contentType: 'text/css; charset=utf-8' },
  'uPlot.iife.min.js': {
    path: require.resolve('uplot/dist/uPlot.iife.min.js'),
    contentType: 'text/javascript; charset=utf-8',
  },
  'uPlot.min.css': { path: require.resolve('uplot/dist/uPlot.min.css'), contentType: 'text/css; charset=utf-8' },
  'copy-value.js': { path: join(__dirname, 'assets', 'copy-value.js'), contentType: 'text/javascript; charset=utf-8' },
  'job-live.js': { path: join(__dirname, 'assets', 'job-live.js'), contentType: 'text/javascript; charset=utf-8' },
  'usage-chart.js': {
    path: join(__dirname, 'assets', 'usage-chart.js'),
    contentType: 'text/javascript; charset=utf-8',
  },
  'favicon.svg': { path: join(__dirname, 'assets', 'favicon.svg'), contentType: 'image/svg+xml' },
  'favicon.png': { path: join(__dirname, 'assets', 'favicon.png'), contentType: 'image/png' },
};

/** HTML pages: no inline script or style, no framing, no caching, no referrer leaving the site. */
export const CONSOLE_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; " +
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

/** Extra headers of an answer; Set-Cookie may repeat. */
export type ResponseHeaders = Record<string, string | string[]>;

export interface ConsoleAsset {
  body: Buffer;
  contentType: string;
  /** The content's hash, in the URL pages use: a new version gets a new URL, so it may be cached for a year. */
  version: string;
}

/** An account in the header's switcher. */
export interface SwitcherAccount {
  id: string;
  name: string;
}

/** What the layout shows around every page; absent parts (no session on the sign-in page) are left out. */
export interface PageFrame {
  title: string;
  signedIn?: SignedIn;
  accounts?: readonly SwitcherAccount[];
  currentAccountId?: string;
  /** The sign-in form's token before there is a session (double submit). */
  csrfToken?: string;
}

@Injectable()
export class ConsolePages {
  private readonly eta = new Eta({ views: CONSOLE_VIEWS_DIR, autoEscape: true, cache: true });
  private readonly assets = new Map<string, ConsoleAsset>();

  asset(name: string): ConsoleAsset | undefined {
    if (!Object.hasOwn(CONSOLE_ASSET_FILES, name)) return undefined;
    let asset = this.assets.get(name);
    if (!asset) {
      const file = CONSOLE_ASSET_FILES[name]!;
      const body = readFileSync(file.path);
      asset = {
        body,
        contentType: file.contentType,
        version: createHash('sha256').update(body).digest('hex').slice(0, 12),
      };
      this.assets.set(name, asset);
    }
    return asset;
  }

  /** The URL of an asset, its version included. */
  assetUrl(name: string): string {
    const asset = this.asset(name);
    if (!asset) throw new Error(`No console asset ${name}`);
    return `/console/assets/${name}?v=${asset.version}`;
  }

  /** Every view gets the frame, the asset URLs and the formatters (`it.fmt`) beside its own data. */
  render(view: string, frame: PageFrame, data: Record<string, unknown> = {}): string {
    return this.eta.render(view, {
      ...data,
      fmt: CONSOLE_FORMAT,
      frame: {
        ...frame,
        csrfToken: frame.signedIn?.csrfToken ?? frame.csrfToken,
        accounts: frame.accounts ?? [],
      },
      assets: {
        pico: this.assetUrl('pico.classless.min.css'),
        css: this.assetUrl('console.css'),
        htmx: this.assetUrl('htmx.min.js'),
        icon: this.assetUrl('favicon.svg'),
      },
    });
  }

  send(reply: FastifyReply, status: number, html: string, headers: ResponseHeaders = {}): void {
    void reply
      .code(status)
      .headers({ ...CONSOLE_PAGE_HEADERS, ...headers })
      .header('content-type', 'text/html; charset=utf-8')
      .send(html);
  }

  page(reply: FastifyReply, view: string, frame: PageFrame, data: Record<string, unknown> = {}, status = 200): void {
    this.send(reply, status, this.render(view, frame, data));
  }

  /** 303: after a form, the browser GETs the next page (reloading it posts nothing again). */
  redirect(reply: FastifyReply, location: string, headers: ResponseHeaders = {}): void {
    void reply
      .code(303)
      .headers({ ...CONSOLE_PAGE_HEADERS, ...headers })
      .header('location', location)
      .send();
  }
}
