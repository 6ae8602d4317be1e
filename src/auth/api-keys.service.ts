import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AccountsService } from '../accounts/accounts.service';
import { generateApiKey, hashSecret, parseApiKey, secretMatches } from './api-key-format';
import type { ApiKeyAuthenticator, VerifyOptions } from './api-key-authenticator';
import { ApiKeysRepository, type KeyForVerification } from './api-keys.repository';
import { API_KEY_SCOPES, ApiKeyEntity, ApiKeyScope } from './entities/api-key.entity';

/** What the rest of the service knows about the caller once its key checked out. */
export interface AuthenticatedKey {
  id: string;
  accountId: string;
  scopes: readonly ApiKeyScope[];
  dailyLimit: number | null;
  minIntervalSeconds: number | null;
}

export type KeyVerification =
  | { outcome: 'ok'; key: AuthenticatedKey }
  | { outcome: 'malformed' | 'unknown' | 'wrong_secret' | 'revoked' | 'account_suspended' };

export interface CreateKeyOptions {
  accountId: string;
  name: string;
  dailyLimit?: number | null;
  minIntervalSeconds?: number | null;
  scopes?: ApiKeyScope[];
}

/** A key's own rate limits; null for the deployment's default (RATE_LIMIT_DAILY, RATE_LIMIT_MIN_INTERVAL_SECONDS). */
export interface KeyLimits {
  dailyLimit: number | null;
  minIntervalSeconds: number | null;
}

export interface CreatedKey {
  keyId: string;
  apiKey: string;
  preview: string;
}

export interface KeySummary {
  keyId: string;
  name: string;
  preview: string;
  scopes: ApiKeyScope[];
  dailyLimit: number | null;
  minIntervalSeconds: number | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** Compared against when the key id is unknown, so that refusal costs what a wrong secret costs. */
const UNKNOWN_KEY_HASH = hashSecret('scriptorium:unknown-key');

/** Keys remembered per process for the routes that may use memory (see verify). */
const REMEMBERED_KEYS = { max: 50_000, ttl: 5 * 60_000 };

/**
 * Key ids the table did not hold, remembered as briefly and on the same
 * routes: a known key answered from memory must not be told apart from an
 * unknown one by the time a query takes. Separate and smaller, so a flood of
 * made-up ids cannot push real keys out of memory.
 */
const REMEMBERED_UNKNOWN_IDS = { max: 10_000, ttl: 60_000 };

@Injectable()
export class ApiKeysService implements ApiKeyAuthenticator {
  private readonly remembered = new LRUCache<string, KeyForVerification>(REMEMBERED_KEYS);
  private readonly unknownIds = new LRUCache<string, true>(REMEMBERED_UNKNOWN_IDS);

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly accounts: AccountsService,
  ) {}

  async create(options: CreateKeyOptions): Promise<CreatedKey> {
    await this.accounts.get(options.accountId);
    const generated = generateApiKey();
    await this.keys.insert({
      id: generated.id,
      accountId: options.accountId,
      name: options.name,
      secretHash: generated.secretHash,
      preview: generated.preview,
      scopes: options.scopes ?? [...API_KEY_SCOPES],
      dailyLimit: options.dailyLimit ?? null,
      minIntervalSeconds: options.minIntervalSeconds ?? null,
    });
    this.unknownIds.delete(generated.id);
    return { keyId: generated.id, apiKey: generated.fullKey, preview: generated.preview };
  }

  async revoke(keyId: string): Promise<boolean> {
    const revoked = await this.keys.revoke(keyId);
    this.remembered.delete(keyId);
    return revoked;
  }

  /**
   * Changes a key's rate limits (web console). This process forgets the key
   * at once; another API process may apply the old limits on the routes that
   * read keys from memory until its copy expires (REMEMBERED_KEYS.ttl).
   */
  async setLimits(keyId: string, accountId: string, limits: KeyLimits): Promise<boolean> {
    const changed = await this.keys.setLimits(keyId, accountId, limits);
    this.remembered.delete(keyId);
    return changed;
  }

  async list(accountId: string): Promise<KeySummary[]> {
    const keys = await this.keys.listByAccount(accountId);
    return keys.map(toSummary);
  }

  /**
   * Checks a presented key. With `fromMemory` (routes that re-check
   * revocation themselves: `@RevocationCheckedByRoute()`) a key read in the
   * last few minutes is taken from memory, unless memory says its account is
   * suspended; otherwise the database answers, and refreshes the memory. Keys
   * change after creation only by revocation and by their limits (setLimits),
   * and their account's state by suspension and its lifting.
   */
  async verify(presented: string, options: VerifyOptions = {}): Promise<KeyVerification> {
    const parsed = parseApiKey(presented);
    if (!parsed) return { outcome: 'malformed' };
    let key = options.fromMemory ? this.remembered.get(parsed.id) : undefined;
    // A suspension can be lifted (a revocation cannot): memory that says suspended is not taken at its word.
    if (key?.accountSuspendedAt) key = undefined;
    const knownUnknown = options.fromMemory === true && !key && this.unknownIds.has(parsed.id);
    if (!key && !knownUnknown) {
      key = (await this.keys.findForVerification(parsed.id)) ?? undefined;
      if (key) {
        this.remembered.set(key.id, key);
        this.unknownIds.delete(key.id);
      } else {
        this.unknownIds.set(parsed.id, true);
      }
    }
    if (!key) {
      // Hash the secret all the same: an unknown key id takes as long to refuse as a wrong secret.
      secretMatches(parsed.secret, UNKNOWN_KEY_HASH);
      return { outcome: 'unknown' };
    }
    if (!secretMatches(parsed.secret, key.secretHash)) return { outcome: 'wrong_secret' };
    if (key.revokedAt) return { outcome: 'revoked' };
    if (key.accountSuspendedAt) return { outcome: 'account_suspended' };
    if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await this.keys.touchLastUsed(key.id);
      key.lastUsedAt = new Date();
    }
    return {
      outcome: 'ok',
      key: {
        id: key.id,
        accountId: key.accountId,
        scopes: key.scopes,
        dailyLimit: key.dailyLimit,
        minIntervalSeconds: key.minIntervalSeconds,
      },
    };
  }
}

function toSummary(key: ApiKeyEntity): KeySummary {
  return {
    keyId: key.id,
    name: key.name,
    preview: key.preview,
    scopes: key.scopes,
    dailyLimit: key.dailyLimit,
    minIntervalSeconds: key.minIntervalSeconds,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}
