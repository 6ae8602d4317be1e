/** The environment as loadConfig reads it: variable names to raw values. */
export type ConfigEnv = Readonly<Record<string, string | undefined>>;

/** What a section makes of the environment: its typed settings, or every problem it found (at least one). */
export type ConfigSectionResult<T> = { readonly value: T } | { readonly errors: readonly string[] };

/**
 * Settings that a feature module owns and parses itself (a model provider's
 * endpoints, for one). The module exports its section; the entrypoints pass
 * it to loadConfig, which validates it in the same pass as AppConfig, so one
 * start-up reports every bad variable at once. The settings are then read
 * with `config.section(SECTION)`. `src/config` knows only this shape, never
 * the modules that implement it.
 */
export interface ConfigSection<T> {
  /** Names the section in messages, e.g. `generation providers`. */
  readonly name: string;
  /** Each error names its variable and never repeats a secret's value. */
  parse(env: ConfigEnv): ConfigSectionResult<T>;
}
