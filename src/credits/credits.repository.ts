import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { WriteStatement } from '../database/combined-writes';
import { CreditLedgerEntryEntity, LedgerKind } from './entities/credit-ledger-entry.entity';

/** A job's estimated cost, to be held from its account's pool. */
export interface CreditHold {
  accountId: string;
  jobId: string;
  amount: number;
}

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
   * Holds each job's amount, in the order given, while its account's pool
   * covers it; answers, per job, whether it was held (nothing moves for one
   * that was not). The accounts are locked in id order, so concurrent callers
   * never deadlock, and held until the caller's transaction ends. The debits
   * and one ledger row per hold (with the balance after it) come back as
   * writes for the caller to run in that transaction with its own (see
   * runCombinedWrites); none when nothing was held. `suspended`: the accounts
   * found suspended under the lock, whose jobs hold nothing and must not be
   * admitted.
   */
  async planReservations(
    manager: EntityManager,
    holds: readonly CreditHold[],
  ): Promise<{ held: boolean[]; writes: WriteStatement[]; suspended: Set<string> }> {
    const accountIds = [...new Set(holds.map((hold) => hold.accountId))].sort();
    const locked: Array<{ id: string; credit_balance: string; suspended: boolean }> =
      accountIds.length === 0
        ? []
        : await manager.query(
            `SELECT id, credit_balance, suspended_at IS NOT NULL AS suspended FROM accounts
              WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
            [accountIds],
          );
    // Read with the lock: a suspension committed since the caller checked its keys is seen here, and holds nothing.
    const suspended = new Set(locked.filter((row) => row.suspended).map((row) => row.id));
    const balances = new Map(locked.filter((row) => !row.suspended).map((row) => [row.id, Number(row.credit_balance)]));
    const debits = new Map<string, number>();
    const ledger = {
      accountIds: [] as string[],
      jobIds: [] as string[],
      amounts: [] as number[],
      after: [] as number[],
    };
    const held = holds.map((hold) => {
      const balance = balances.get(hold.accountId);
      if (balance === undefined || balance < hold.amount) return false;
      balances.set(hold.accountId, balance - hold.amount);
      debits.set(hold.accountId, (debits.get(hold.accountId) ?? 0) + hold.amount);
      ledger.accountIds.push(hold.accountId);
      ledger.jobIds.push(hold.jobId);
      ledger.amounts.push(-hold.amount);
      ledger.after.push(balance - hold.amount);
      return true;
    });
    if (debits.size === 0) return { held, writes: [], suspended };
    return {
      held,
      suspended,
      writes: [
        {
          sql: `UPDATE accounts SET credit_balance = accounts.credit_balance - d.amount
                  FROM unnest($1::uuid[], $2::bigint[]) AS d(account_id, amount)
                 WHERE accounts.id = d.account_id`,
          params: [[...debits.keys()], [...debits.values()]],
        },
        {
          sql: `INSERT INTO credit_ledger (account_id, job_id, kind, amount, balance_after)
                SELECT account_id, job_id, 'reserve', amount, balance_after
                  FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::bigint[])
                    AS r(account_id, job_id, amount, balance_after)`,
          params: [ledger.accountIds, ledger.jobIds, ledger.amounts, ledger.after],
        },
      ],
    };
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
