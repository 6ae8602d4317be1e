import { type DynamicModule, Module, type Provider, type Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { EXTENSION_API_KEY_AUTHENTICATOR } from '../auth/api-key-authenticator';
import { MODEL_IDS, type ModelId } from '../catalog/catalog';
import {
  EXTENSION_BOOK_PROVIDERS,
  type BookProvider,
  type BookProviderRegistration,
} from '../generation/book-provider';
import { EXTENSION_BOOK_RENDERERS, type BookRenderer } from '../rendering/book-renderer';
import { EXTENSION_ARTIFACT_STORAGE } from '../storage/artifact-storage';
import {
  type ExtensionContributions,
  extensionContributions,
  type ExtensionModule,
  moduleClass,
} from './scriptorium-extension.decorator';

/**
 * Brings a deploying team's modules into the service. It imports each
 * extension module and hands what they contribute to the seams, under the
 * EXTENSION_* tokens; the seam modules (generation, rendering, storage, auth)
 * put those after or instead of their defaults. Global, so the seams find
 * them wherever they are imported. Conflicts between extensions, and
 * contributions the catalog cannot serve, stop the start with a message.
 */
@Module({})
export class ExtensionsModule {
  static forRoot(extensions: readonly ExtensionModule[]): DynamicModule {
    const contributed = extensions.map((extension) => ({
      name: moduleClass(extension).name,
      contributions: checkedContributions(extension),
    }));
    const bookProviders = contributed.flatMap(({ contributions }) => contributions.bookProviders ?? []);
    const renderers = contributed.flatMap(({ contributions }) => contributions.renderers ?? []);
    checkModelConflicts(contributed);
    const artifactStorage = single(contributed, 'artifactStorage');
    const apiKeyAuthenticator = single(contributed, 'apiKeyAuthenticator');

    const providers: Provider[] = [
      {
        provide: EXTENSION_BOOK_PROVIDERS,
        inject: bookProviders.map(({ provider }) => provider),
        useFactory: (...instances: BookProvider[]): BookProviderRegistration[] =>
          bookProviders.map(({ models }, index) => ({ models, provider: instances[index]! })),
      },
      {
        provide: EXTENSION_BOOK_RENDERERS,
        inject: [...renderers],
        useFactory: (...instances: BookRenderer[]): BookRenderer[] => withDistinctFormats(instances),
      },
      ...(artifactStorage ? [{ provide: EXTENSION_ARTIFACT_STORAGE, useExisting: artifactStorage }] : []),
      ...(apiKeyAuthenticator ? [{ provide: EXTENSION_API_KEY_AUTHENTICATOR, useExisting: apiKeyAuthenticator }] : []),
    ];
    return {
      module: ExtensionsModule,
      global: true,
      imports: [...extensions],
      providers,
      exports: [
        EXTENSION_BOOK_PROVIDERS,
        EXTENSION_BOOK_RENDERERS,
        ...(artifactStorage ? [EXTENSION_ARTIFACT_STORAGE] : []),
        ...(apiKeyAuthenticator ? [EXTENSION_API_KEY_AUTHENTICATOR] : []),
      ],
    };
  }
}

/** The extension's contributions, each of them exported by its module (so that this module can inject it). */
function checkedContributions(extension: ExtensionModule): ExtensionContributions {
  const name = moduleClass(extension).name;
  const contributions = extensionContributions(extension);
  if (!contributions) {
    throw new Error(`${name} is given as an extension but is not marked with @ScriptoriumExtension({...})`);
  }
  const classes: Array<Type<unknown>> = [
    ...(contributions.bookProviders ?? []).map(({ provider }) => provider),
    ...(contributions.renderers ?? []),
    ...(contributions.artifactStorage ? [contributions.artifactStorage] : []),
    ...(contributions.apiKeyAuthenticator ? [contributions.apiKeyAuthenticator] : []),
  ];
  const exported = exportedTokens(extension);
  for (const contribution of classes) {
    if (!exported.has(contribution)) {
      throw new Error(
        `${name} contributes ${contribution.name} but does not export it: add it to the module's exports`,
      );
    }
  }
  for (const { models, provider } of contributions.bookProviders ?? []) {
    const unknown = models.filter((model) => !MODEL_IDS.includes(model));
    if (unknown.length > 0) {
      throw new Error(
        `${name} registers ${provider.name} for model ${unknown.join(', ')}, which is not in the catalog (${MODEL_IDS.join(', ')})`,
      );
    }
  }
  return contributions;
}

/** The tokens a module exports, whether declared in @Module or in a dynamic module. */
function exportedTokens(extension: ExtensionModule): Set<unknown> {
  const declared = (Reflect.getMetadata(MODULE_METADATA.EXPORTS, moduleClass(extension)) ?? []) as unknown[];
  const dynamic = 'module' in extension ? (extension.exports ?? []) : [];
  return new Set(
    [...declared, ...dynamic].map((entry) =>
      typeof entry === 'object' && entry !== null && 'provide' in entry ? entry.provide : entry,
    ),
  );
}

/** Two extensions writing the books of one model id would depend on their order: refused. */
function checkModelConflicts(
  contributed: ReadonlyArray<{ name: string; contributions: ExtensionContributions }>,
): void {
  const owners = new Map<ModelId, string>();
  for (const { name, contributions } of contributed) {
    for (const { models, provider } of contributions.bookProviders ?? []) {
      for (const model of models) {
        const owner = `${provider.name} of ${name}`;
        const earlier = owners.get(model);
        if (earlier) throw new Error(`Model ${model} has two extension book providers: ${earlier} and ${owner}`);
        owners.set(model, owner);
      }
    }
  }
}

function single<K extends 'artifactStorage' | 'apiKeyAuthenticator'>(
  contributed: ReadonlyArray<{ name: string; contributions: ExtensionContributions }>,
  kind: K,
): ExtensionContributions[K] {
  const setting = contributed.filter(({ contributions }) => contributions[kind]);
  if (setting.length > 1) {
    throw new Error(`Only one extension may set the ${kind}; ${setting.map(({ name }) => name).join(' and ')} both do`);
  }
  return setting[0]?.contributions[kind];
}

function withDistinctFormats(renderers: BookRenderer[]): BookRenderer[] {
  const seen = new Map<string, string>();
  for (const renderer of renderers) {
    const earlier = seen.get(renderer.format);
    if (earlier) {
      throw new Error(
        `Format ${renderer.format} has two extension renderers: ${earlier} and ${renderer.constructor.name}`,
      );
    }
    seen.set(renderer.format, renderer.constructor.name);
  }
  return renderers;
}
