import { Readable } from 'node:stream';
import { Inject, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { EXTENSION_API_KEY_AUTHENTICATOR, type ApiKeyAuthenticator } from '../auth/api-key-authenticator';
import type { KeyVerification } from '../auth/api-keys.service';
import type { BookDocument } from '../book/book-document';
import { CONTENT_TYPES } from '../catalog/catalog';
import type { BookProvider, GenerationOutcome } from '../generation/book-provider';
import { EXTENSION_BOOK_PROVIDERS } from '../generation/book-provider';
import { EXTENSION_BOOK_RENDERERS, type BookRenderer } from '../rendering/book-renderer';
import { RendererRegistry } from '../rendering/renderer-registry';
import { RenderingModule } from '../rendering/rendering.module';
import { EXTENSION_ARTIFACT_STORAGE, type ArtifactHead, type ArtifactStorage } from '../storage/artifact-storage';
import { ExtensionsModule } from './extensions.module';
import { ScriptoriumExtension, type ExtensionModule } from './scriptorium-extension.decorator';

const GREETING = Symbol('GREETING');

@Injectable()
class GreetingProvider implements BookProvider {
  readonly name = 'greeting';
  constructor(@Inject(GREETING) readonly greeting: string) {}
  generate(): Promise<GenerationOutcome> {
    return Promise.reject(new Error(this.greeting));
  }
}

@Injectable()
class ShoutingMarkdownRenderer implements BookRenderer {
  readonly format = 'md';
  readonly contentType = CONTENT_TYPES.md;
  readonly fileExtension = 'md';
  render(document: BookDocument): Promise<Buffer> {
    return Promise.resolve(Buffer.from(document.metadata.title.toUpperCase()));
  }
}

@Injectable()
class OtherMarkdownRenderer extends ShoutingMarkdownRenderer {}

@Injectable()
class NowhereStorage implements ArtifactStorage {
  put(): Promise<void> {
    return Promise.resolve();
  }
  head(): Promise<ArtifactHead | null> {
    return Promise.resolve(null);
  }
  read(): Readable {
    return Readable.from([]);
  }
  delete(): Promise<boolean> {
    return Promise.resolve(false);
  }
}

@Injectable()
class NobodyAuthenticator implements ApiKeyAuthenticator {
  verify(): Promise<KeyVerification> {
    return Promise.resolve({ outcome: 'unknown' });
  }
}

@ScriptoriumExtension({
  bookProviders: [{ models: ['3.0'], provider: GreetingProvider }],
  renderers: [ShoutingMarkdownRenderer],
  artifactStorage: NowhereStorage,
  apiKeyAuthenticator: NobodyAuthenticator,
})
@Module({
  providers: [
    { provide: GREETING, useValue: 'hello from the team module' },
    GreetingProvider,
    ShoutingMarkdownRenderer,
    NowhereStorage,
    NobodyAuthenticator,
  ],
  exports: [GreetingProvider, ShoutingMarkdownRenderer, NowhereStorage, NobodyAuthenticator],
})
class TeamExtensionModule {}

const compile = (extensions: ExtensionModule[], ...imports: Array<new () => unknown>) =>
  Test.createTestingModule({ imports: [ExtensionsModule.forRoot(extensions), ...imports] }).compile();

/** A second extension that contributes the given things, all exported. */
function extensionWith(name: string, contributions: Parameters<typeof ScriptoriumExtension>[0]): ExtensionModule {
  const classes = [
    ...(contributions.bookProviders ?? []).map(({ provider }) => provider),
    ...(contributions.renderers ?? []),
    ...(contributions.artifactStorage ? [contributions.artifactStorage] : []),
  ];
  const extension = class {};
  Object.defineProperty(extension, 'name', { value: name });
  ScriptoriumExtension(contributions)(extension);
  Module({ providers: [{ provide: GREETING, useValue: name }, ...classes], exports: classes })(extension);
  return extension;
}

describe('ExtensionsModule', () => {
  it("hands an extension's contributions to the seams, built by Nest with what they inject", async () => {
    const app = await compile([TeamExtensionModule]);
    const [registration] = app.get(EXTENSION_BOOK_PROVIDERS);
    expect(registration.models).toEqual(['3.0']);
    expect(registration.provider).toBeInstanceOf(GreetingProvider);
    expect(registration.provider.greeting).toBe('hello from the team module');
    expect(app.get(EXTENSION_BOOK_RENDERERS)).toEqual([expect.any(ShoutingMarkdownRenderer)]);
    expect(app.get(EXTENSION_ARTIFACT_STORAGE)).toBe(app.get(NowhereStorage, { strict: false }));
    expect(app.get(EXTENSION_API_KEY_AUTHENTICATOR)).toBe(app.get(NobodyAuthenticator, { strict: false }));
  });

  it("lets an extension's renderer replace the builtin one of its format in the rendering module", async () => {
    const app = await compile([TeamExtensionModule], RenderingModule);
    const registry = app.get(RendererRegistry, { strict: false });
    expect(registry.get('md')).toBeInstanceOf(ShoutingMarkdownRenderer);
    expect(registry.get('txt')?.constructor.name).toBe('TxtRenderer');
  });

  it('contributes nothing, and sets no storage or authenticator, without extensions', async () => {
    const app = await compile([]);
    expect(app.get(EXTENSION_BOOK_PROVIDERS)).toEqual([]);
    expect(app.get(EXTENSION_BOOK_RENDERERS)).toEqual([]);
    expect(() => app.get(EXTENSION_ARTIFACT_STORAGE)).toThrow();
    expect(() => app.get(EXTENSION_API_KEY_AUTHENTICATOR)).toThrow();
  });

  it('refuses a module not marked with @ScriptoriumExtension', () => {
    @Module({})
    class PlainModule {}
    expect(() => ExtensionsModule.forRoot([PlainModule])).toThrow(
      'PlainModule is given as an extension but is not marked with @ScriptoriumExtension({...})',
    );
  });

  it('refuses a contribution its module does not export', () => {
    @ScriptoriumExtension({ renderers: [ShoutingMarkdownRenderer] })
    @Module({ providers: [ShoutingMarkdownRenderer] })
    class ForgetfulModule {}
    expect(() => ExtensionsModule.forRoot([ForgetfulModule])).toThrow(
      "ForgetfulModule contributes ShoutingMarkdownRenderer but does not export it: add it to the module's exports",
    );
  });

  it('refuses a book provider for a model id the catalog does not list', () => {
    const future = extensionWith('FutureModule', {
      bookProviders: [{ models: ['4.0' as never], provider: GreetingProvider }],
    });
    expect(() => ExtensionsModule.forRoot([future])).toThrow(
      'FutureModule registers GreetingProvider for model 4.0, which is not in the catalog (2.0, 3.0)',
    );
  });

  it('refuses two extensions claiming one model id, one format, or both setting the storage', async () => {
    const sameModel = extensionWith('SameModelModule', {
      bookProviders: [{ models: ['2.0', '3.0'], provider: GreetingProvider }],
    });
    expect(() => ExtensionsModule.forRoot([TeamExtensionModule, sameModel])).toThrow(
      'Model 3.0 has two extension book providers: GreetingProvider of TeamExtensionModule and GreetingProvider of SameModelModule',
    );

    const secondStorage = extensionWith('SecondStorageModule', { artifactStorage: NowhereStorage });
    expect(() => ExtensionsModule.forRoot([TeamExtensionModule, secondStorage])).toThrow(
      'Only one extension may set the artifactStorage; TeamExtensionModule and SecondStorageModule both do',
    );

    const sameFormat = extensionWith('SameFormatModule', { renderers: [OtherMarkdownRenderer] });
    await expect(compile([TeamExtensionModule, sameFormat])).rejects.toThrow(
      'Format md has two extension renderers: ShoutingMarkdownRenderer and OtherMarkdownRenderer',
    );
  });
});
