import { Injectable } from '@nestjs/common';
import { CreditsRepository, LedgerMovement } from './credits.repository';

export class InvalidCreditAmountError extends Error {}

@Injectable()
export class CreditsService {
  constructor(private readonly credits: CreditsRepository) {}

  grant(accountId: string, amount: number, note: string | null = null): Promise<number> {
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw new InvalidCreditAmountError('The amount must be a positive whole number of credits');
    }
    return this.credits.grant(accountId, amount, note);
  }

  balance(accountId: string): Promise<number | null> {
    return this.credits.balance(accountId);
  }

  /** The account's pool: what it holds, what its unfinished jobs reserve, what is free. */
  async pool(accountId: string): Promise<{ balance: number; reserved: number; available: number }> {
    const pool = await this.credits.pool(accountId);
    // An authenticated key's account exists (keys reference it), so a missing row is a broken invariant.
    if (!pool) throw new Error(`No account with id ${accountId}`);
    return { balance: pool.available + pool.reserved, reserved: pool.reserved, available: pool.available };
  }

  ledger(accountId: string): Promise<LedgerMovement[]> {
    return this.credits.ledger(accountId);
  }

  /** The ledger newest first, `limit` movements from `offset`. */
  ledgerPage(
    accountId: string,
    page: { offset: number; limit: number },
  ): Promise<{ movements: LedgerMovement[]; hasMore: boolean }> {
    return this.credits.ledgerPage(accountId, page);
  }
}
