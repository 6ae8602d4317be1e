import { ScriptoriumClient, type ScriptoriumClientOptions } from '../../src/client';
import { runConsole, SERVICE_HANDOVER } from './service-process';

/** The running service of this test run (test/support/start-service.ts), as the test files see it. */
export const service = {
  baseUrl: handedOver(SERVICE_HANDOVER.baseUrl),
  accountId: handedOver(SERVICE_HANDOVER.accountId),
  webhookSecret: handedOver(SERVICE_HANDOVER.webhookSecret),
};

export interface KeyOptions {
  dailyLimit?: number;
  minIntervalSeconds?: number;
  /** Default: the run's account, which every test file shares. */
  accountId?: string;
}

/** A new API key, made with the operator console as an operator would. */
export async function createApiKey(name: string, options: KeyOptions = {}): Promise<string> {
  const args = ['key:create', '--account', options.accountId ?? service.accountId, '--name', name, '--json'];
  if (options.dailyLimit !== undefined) args.push('--daily-limit', String(options.dailyLimit));
  if (options.minIntervalSeconds !== undefined) args.push('--min-interval-seconds', String(options.minIntervalSeconds));
  const { apiKey } = await runConsole<{ apiKey: string }>(serviceSettings(), args);
  return apiKey;
}

/** A new account of its own, for tests whose numbers the other test files (running at once) must not move. */
export async function createAccount(name: string, credits: number): Promise<string> {
  const args = ['account:create', '--name', name, '--credits', String(credits), '--json'];
  const { accountId } = await runConsole<{ accountId: string }>(serviceSettings(), args);
  return accountId;
}

export function clientFor(apiKey: string | undefined, options: ScriptoriumClientOptions = {}): ScriptoriumClient {
  return new ScriptoriumClient({ baseUrl: service.baseUrl, apiKey, ...options });
}

function serviceSettings(): Record<string, string> {
  return JSON.parse(handedOver(SERVICE_HANDOVER.settings)) as Record<string, string>;
}

function handedOver(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run these tests through jest's "service" project`);
  return value;
}
