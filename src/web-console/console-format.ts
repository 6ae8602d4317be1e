/** How pages write times and amounts; templates get it as `it.fmt`. */
export const CONSOLE_FORMAT = {
  /** `2026-01-31 14:05 UTC`, or a dash for a missing time. */
  time(value: Date | string | null | undefined): string {
    if (value === null || value === undefined) return '—';
    const iso = typeof value === 'string' ? value : value.toISOString();
    return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  },
  /** The machine-readable form for `<time datetime>`. */
  iso(value: Date | string): string {
    return typeof value === 'string' ? value : value.toISOString();
  },
  /** `1,234` */
  number(value: number): string {
    return value.toLocaleString('en-US');
  },
};

export type ConsoleFormat = typeof CONSOLE_FORMAT;
