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

  ledger(accountId: string): Promise<LedgerMovement[]> {
    return this.credits.ledger(accountId);
  }
}
