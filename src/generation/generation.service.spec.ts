import type { BookProvider } from './book-provider';
import { routeByModel } from './generation.service';

const provider = (name: string): BookProvider => ({
  name,
  generate: () => Promise.reject(new Error('not called')),
});

describe('routeByModel', () => {
  it('gives each model id the provider of its last registration', () => {
    const builtin = provider('builtin');
    const custom = provider('custom');
    const routes = routeByModel([
      { models: ['2.0', '3.0'], provider: builtin },
      { models: ['3.0'], provider: custom },
    ]);
    expect(routes).toEqual({ '2.0': builtin, '3.0': custom });
  });

  it('refuses a model id the catalog does not list, naming the provider', () => {
    expect(() => routeByModel([{ models: ['2.0', '3.0', '4.0' as never], provider: provider('future') }])).toThrow(
      'Book provider future is registered for model 4.0, which is not in the catalog (2.0, 3.0)',
    );
  });

  it('refuses to leave a model id without a provider', () => {
    expect(() => routeByModel([{ models: ['2.0'], provider: provider('builtin') }])).toThrow(
      'No book provider is registered for model 3.0',
    );
  });
});
