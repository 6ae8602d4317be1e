import type { DynamicModule, Type } from '@nestjs/common';
import type { ApiKeyAuthenticator } from '../auth/api-key-authenticator';
import type { ModelId } from '../catalog/catalog';
import type { BookProvider } from '../generation/book-provider';
import type { BookRenderer } from '../rendering/book-renderer';
import type { ArtifactStorage } from '../storage/artifact-storage';

/** A book provider of an extension and the model ids whose books it writes instead of the configured provider. */
export interface BookProviderContribution {
  models: readonly ModelId[];
  provider: Type<BookProvider>;
}

/**
 * What an extension module adds to the service. Every class named here is a
 * provider of that module and among its exports, so it is built by Nest with
 * whatever it injects.
 */
export interface ExtensionContributions {
  /** Each writes the books of its model ids (the catalog's ids) in place of the builtin or openai provider. */
  bookProviders?: readonly BookProviderContribution[];
  /** Each replaces the builtin renderer of its format (the catalog's formats). */
  renderers?: ReadonlyArray<Type<BookRenderer>>;
  /** Where finished books are kept instead of PostgreSQL. One extension at most. */
  artifactStorage?: Type<ArtifactStorage>;
  /** How API keys are checked instead of against the `api_keys` table. One extension at most. */
  apiKeyAuthenticator?: Type<ApiKeyAuthenticator>;
}

/** What `AppModule.forRole(config, { extensions })` takes: modules marked with @ScriptoriumExtension. */
export type ExtensionModule = Type<unknown> | DynamicModule;

const EXTENSION_METADATA = 'scriptorium:extension';

/**
 * Marks a Nest module as an extension of the service and says what it
 * contributes. Put it beside `@Module`, and give the module to
 * `AppModule.forRole(config, { extensions: [...] })`.
 */
export function ScriptoriumExtension(contributions: ExtensionContributions): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(EXTENSION_METADATA, contributions, target);
  };
}

/** The contributions of an extension module, or undefined when it is not marked as one. */
export function extensionContributions(extension: ExtensionModule): ExtensionContributions | undefined {
  return Reflect.getMetadata(EXTENSION_METADATA, moduleClass(extension)) as ExtensionContributions | undefined;
}

export function moduleClass(extension: ExtensionModule): Type<unknown> {
  return 'module' in extension ? extension.module : extension;
}
