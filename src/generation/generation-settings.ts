import type { ConfigSection } from '../config/config-section';
import { PROVIDER_SETTINGS } from './model-writer/client/openai-settings';

/**
 * The configuration sections of the generation module, for loadConfig: every
 * entrypoint passes them, so they are validated in the same pass as AppConfig.
 * A provider with settings of its own adds its section here.
 */
export const GENERATION_CONFIG_SECTIONS: readonly ConfigSection<unknown>[] = [PROVIDER_SETTINGS];
