import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CreditLedgerEntryEntity, LedgerKind } from './entities/credit-ledger-entry.entity';

export interface LedgerMovement {
  id: number;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  jobId: string | null;
  note: string | null;
  createdAt: string;
}

/**
 * Every credit movement. Balances change only through these statements, each
 * of which writes its ledger row in the same statement or transaction; the
 * CHECK on accounts.credit_balance stops any path from going below zero, and
 * the unique (job_id, kind) index turns a replayed job step into a no-op.
 *
 * Methods taking an EntityManager run inside a caller's transaction (the
 * books repository commits a job and its reservation together).
 */
@Injectable()
export class CreditsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async grant(accountId: string, amount: number, note: string | null): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: Array<{ credit_balance: string }> = await manager.query(
        // Wrapped in a CTE so the driver returns plain rows (a bare UPDATE returns [rows, count]).
        `WITH granted AS (
           UPDATE accounts SET credit_balance = credit_balance + $2 WHERE id = $1 RETURNING credit_balance
         )
         SELECT credit_balance FROM granted`,
        [accountId, amount],
      );
      const balance = rows[0] ? Number(rows[0].credit_balance) : null;
      if (balance === null) throw new Error(`No account with id ${accountId}`);
      await manager.query(
        `INSERT INTO credit_ledger (account_id, job_id, kind, amount, balance_after, note)
         VALUES ($1, NULL, 'grant', $2, $3, $4)`,
        [accountId, amount, balance, note],
      );
      return balance;
    });
  }

  async balance(accountId: string): Promise<number | null> {
    const rows: Array<{ credit_balance: string }> = await this.dataSource.query(
      `SELECT credit_balance FROM accounts WHERE id = $1`,
      [accountId],
    );
    return rows[0] ? Number(rows[0].credit_balance) : null;
  }

  /**
   * What the account can spend and what its unfinished jobs hold, in one
   * statement so both come from one snapshot (a job settling between two
   * reads would otherwise count twice or not at all). Served by the partial
   * index of unfinished jobs per account.
   */
  async pool(accountId: string): Promise<{ available: number; reserved: number } | null> {
    const rows: Array<{ available: string; reserved: string }> = await this.dataSource.query(
      `SELECT a.credit_balance AS available,
              (SELECT COALESCE(SUM(j.credits_reserved), 0) FROM book_jobs j
                WHERE j.account_id = a.id AND j.status IN ('queued', 'processing')) AS reserved
         FROM accounts a WHERE a.id = $1`,
      [accountId],
    );
    return rows[0] ? { available: Number(rows[0].available), reserved: Number(rows[0].reserved) } : null;
  }

  async ledger(accountId: string, limit = 1000): Promise<LedgerMovement[]> {
    const rows = await this.dataSource.getRepository(CreditLedgerEntryEntity).find({
      where: { accountId },
      order: { id: 'ASC' },
      take: limit,
    });
    return rows.map(toMovement);
  }

  /** One page of the ledger, newest first (the web console); `hasMore` when an older page follows. */
  async ledgerPage(
    accountId: string,
    page: { offset: number; limit: number },
  ): Promise<{ movements: LedgerMovement[]; hasMore: boolean }> {
    const rows = await this.dataSource.getRepository(CreditLedgerEntryEntity).find({
      where: { accountId },
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.limit + 1,
    });
    return { movements: rows.slice(0, page.limit).map(toMovement), hasMore: rows.length > page.limit };
  }

  /**
   * Settles a completed job: releases the reservation and charges the final
   * price, capped at what is reserved plus what is free. Returns the charge.
   * A replay moves nothing and returns the charge already recorded.
   */
  async settle(
    manager: EntityManager,
    accountId: string,
    jobId: string,
    reserved: number,
    price: number,
  ): Promise<number> {
    // Lock the account row so the cap below is exact under concurrent jobs.
    const locked: Array<{ credit_balance: string }> = await manager.query(
      `SELECT credit_balance FROM accounts WHERE id = $1 FOR UPDATE`,
      [accountId],
    );
    const free = Number(locked[0]?.credit_balance ?? 0);
    const existing: Array<{ amount: string }> = await manager.query(
      `SELECT amount FROM credit_ledger WHERE job_id = $1 AND kind = 'charge'`,
      [jobId],
    );
    if (existing[0]) return -Number(existing[0].amount);

    const charge = Math.max(0, Math.min(price, reserved + free));
    await this.move(manager, accountId, jobId, 'release', reserved);
    await this.move(manager, accountId, jobId, 'charge', -charge);
    return charge;
  }

  /** Gives a failed job's reservation back in full. */
  async refund(manager: EntityManager, accountId: string, jobId: string, reserved: number): Promise<void> {
    if (reserved > 0) {
      await this.move(manager, accountId, jobId, 'refund', reserved);
    }
  }

  private async move(
    manager: EntityManager,
    accountId: string,
    jobId: string,
    kind: LedgerKind,
    amount: number,
  ): Promise<void> {
    // The ledger row goes first: if it already exists the step was done and nothing moves.
    const inserted: Array<{ id: string }> = await manager.query(
      `INSERT INTO credit_ledger (account_id, job_id, kind, amount, balance_after)
       VALUES ($1, $2, $3, $4, 0)
       ON CONFLICT (job_id, kind) WHERE job_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [accountId, jobId, kind, amount],
    );
    if (!inserted[0]) return;
    await manager.query(
      `WITH moved AS (
         UPDATE accounts SET credit_balance = credit_balance + $2 WHERE id = $1 RETURNING credit_balance
       )
       UPDATE credit_ledger SET balance_after = moved.credit_balance FROM moved WHERE credit_ledger.id = $3`,
      [accountId, amount, inserted[0].id],
    );
  }
}

function toMovement(row: CreditLedgerEntryEntity): LedgerMovement {
  return {
    id: Number(row.id),
    kind: row.kind,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    jobId: row.jobId,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}
