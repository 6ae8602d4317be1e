import { MODEL_IDS } from '../catalog/catalog';
import type { AppConfig } from '../config/app-config';
import type { BookProvider, BookProviderRegistration } from './book-provider';
import { BuiltinBookProvider } from './builtin/builtin-book.provider';
import { addBuiltinIllustrations } from './builtin/illustrations';
import { OpenAiBookProvider } from './model-writer/pipeline/openai-book.provider';
import { PROVIDER_SETTINGS } from './model-writer/client/openai-settings';

/**
 * The providers this repository ships, routed by configuration: `openai` for
 * the model ids GENERATION_PROVIDER* sends there, the builtin sample writer
 * for the others (one instance shared by them).
 */
export function defaultBookProviders(config: AppConfig): BookProviderRegistration[] {
  const builtin = new BuiltinBookProvider({ sectionDelayMs: config.BUILTIN_SECTION_DELAY_MS });
  const { providers, openai } = config.section(PROVIDER_SETTINGS);
  return MODEL_IDS.map((id) => {
    const settings = openai[id];
    const provider: BookProvider =
      providers[id] === 'openai' && settings
        ? new OpenAiBookProvider(settings, { illustrate: addBuiltinIllustrations })
        : builtin;
    return { models: [id], provider };
  });
}
