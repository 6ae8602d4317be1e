import type { KeyVerification } from './api-keys.service';

/**
 * Checks the API key a client presented in X-API-Key; ApiKeyGuard turns the
 * outcome into the contract's 401/403 answers and checks the route's scope.
 * The default is ApiKeysService (the `api_keys` table, keys issued by the
 * console). A replacement must answer with keys of that table (their id and
 * account): jobs, usage totals and rate limits are kept per key and account,
 * and the database holds them to it.
 */
export interface ApiKeyAuthenticator {
  verify(presented: string, options?: VerifyOptions): Promise<KeyVerification>;
}

export interface VerifyOptions {
  /**
   * The route re-checks the key's revocation in its own transaction, and
   * KeyRecheckInterceptor verifies the key again (without this option)
   * before the route refuses a request (`@RevocationCheckedByRoute()`), so
   * the key may be resolved from memory without a query. An authenticator
   * may ignore it.
   */
  fromMemory?: boolean;
}

/** The authenticator ApiKeyGuard asks: ApiKeysService, unless an extension sets its own. */
export const API_KEY_AUTHENTICATOR = Symbol('API_KEY_AUTHENTICATOR');

/** The authenticator an extension sets (ExtensionsModule); AuthModule uses it instead of ApiKeysService. */
export const EXTENSION_API_KEY_AUTHENTICATOR = Symbol('EXTENSION_API_KEY_AUTHENTICATOR');
