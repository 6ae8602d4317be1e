import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admission as one statement: `admit_book_jobs` checks a batch's keys,
 * reserves each job's estimated cost in arrival order while its account's
 * pool covers it, and writes the jobs, their debits, ledger rows and usage
 * counts. It was five round trips (begin, the keys, the accounts, the
 * writes, commit) with the accounts' row locks held across three of them;
 * as one call they are held for the statement alone, which is what one
 * busy account's admissions queue on, and the round trips were the largest
 * single cost of admitting a job. Called by `JobsRepository` (src/jobs), the
 * only caller; the rules are the ones that were there:
 *
 * - a key revoked before the call refuses its jobs ('key_revoked'); its row
 *   is share-locked, so a revocation committed after waits for the batch;
 * - a key whose account is suspended, seen with the key or under the
 *   account's row lock, refuses its jobs ('account_suspended');
 * - every other job is stored, with its cost reserved if the pool still
 *   covers it after the jobs before it in the batch (else 0 reserved: it
 *   fails for want of credits when its turn comes);
 * - locks are taken keys first, then accounts, then usage rows, each in id
 *   order, as every other writer of them does: batches never deadlock.
 *
 * Returns one row per job, in the order given: why it was refused (null
 * when stored) and whether its cost was reserved.
 */
export class AdmitBookJobs1796100000000 implements MigrationInterface {
  name = 'AdmitBookJobs1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE FUNCTION admit_book_jobs(
                p_job_ids uuid[],
                p_account_ids uuid[],
                p_api_key_ids varchar[],
                p_parameters jsonb[],
                p_webhook_urls varchar[],
                p_costs bigint[],
                p_first_message text
            ) RETURNS TABLE (refusal text, reserved boolean)
            LANGUAGE plpgsql AS $admit$
            #variable_conflict use_column
            DECLARE
                total int := coalesce(array_length(p_job_ids, 1), 0);
                -- Each unrevoked key: whether its account is suspended.
                key_suspended jsonb;
                -- Each account of a usable key: its free credits, JSON null when it is suspended.
                pools jsonb;
                refusals text[] := array_fill(NULL::text, ARRAY[total]);
                held boolean[] := array_fill(false, ARRAY[total]);
                pool bigint;
                ledger_accounts uuid[] := '{}';
                ledger_jobs uuid[] := '{}';
                ledger_amounts bigint[] := '{}';
                ledger_after bigint[] := '{}';
            BEGIN
                WITH locked AS (
                    SELECT k.id, a.suspended_at IS NOT NULL AS suspended
                      FROM api_keys k JOIN accounts a ON a.id = k.account_id
                     WHERE k.id = ANY (p_api_key_ids) AND k.revoked_at IS NULL
                     ORDER BY k.id
                       FOR SHARE OF k
                )
                SELECT coalesce(jsonb_object_agg(id, suspended), '{}') INTO key_suspended FROM locked;

                WITH locked AS (
                    SELECT id, credit_balance, suspended_at IS NOT NULL AS suspended
                      FROM accounts
                     WHERE id IN (
                               SELECT j.account_id
                                 FROM unnest(p_account_ids, p_api_key_ids) AS j(account_id, api_key_id)
                                WHERE key_suspended -> j.api_key_id = 'false'::jsonb
                           )
                     ORDER BY id
                       FOR UPDATE
                )
                SELECT coalesce(jsonb_object_agg(id, CASE WHEN suspended THEN NULL ELSE credit_balance END), '{}')
                  INTO pools
                  FROM locked;

                FOR i IN 1..total LOOP
                    IF NOT key_suspended ? p_api_key_ids[i] THEN
                        refusals[i] := 'key_revoked';
                    ELSIF (key_suspended ->> p_api_key_ids[i])::boolean
                          OR jsonb_typeof(pools -> p_account_ids[i]::text) = 'null' THEN
                        refusals[i] := 'account_suspended';
                    ELSE
                        pool := (pools ->> p_account_ids[i]::text)::bigint;
                        IF pool >= p_costs[i] THEN
                            held[i] := true;
                            pools := jsonb_set(pools, ARRAY[p_account_ids[i]::text], to_jsonb(pool - p_costs[i]));
                            ledger_accounts := ledger_accounts || p_account_ids[i];
                            ledger_jobs := ledger_jobs || p_job_ids[i];
                            ledger_amounts := ledger_amounts || -p_costs[i];
                            ledger_after := ledger_after || pool - p_costs[i];
                        END IF;
                    END IF;
                END LOOP;

                INSERT INTO book_jobs
                       (id, account_id, api_key_id, status, progress, messages, parameters, webhook_url,
                        credits_reserved, credits_used)
                SELECT j.id, j.account_id, j.api_key_id, 'queued', 0, ARRAY[p_first_message], j.parameters,
                       j.webhook_url, CASE WHEN j.held THEN j.cost ELSE 0 END, 0
                  FROM unnest(p_job_ids, p_account_ids, p_api_key_ids, p_parameters, p_webhook_urls, p_costs,
                              refusals, held)
                    AS j(id, account_id, api_key_id, parameters, webhook_url, cost, refusal, held)
                 WHERE j.refusal IS NULL;

                UPDATE accounts SET credit_balance = accounts.credit_balance + d.amount
                  FROM (
                           SELECT l.account_id, sum(l.amount) AS amount
                             FROM unnest(ledger_accounts, ledger_amounts) AS l(account_id, amount)
                            GROUP BY l.account_id
                       ) AS d
                 WHERE accounts.id = d.account_id;

                INSERT INTO credit_ledger (account_id, job_id, kind, amount, balance_after)
                SELECT r.account_id, r.job_id, 'reserve', r.amount, r.balance_after
                  FROM unnest(ledger_accounts, ledger_jobs, ledger_amounts, ledger_after)
                    AS r(account_id, job_id, amount, balance_after);

                INSERT INTO api_key_usage (api_key_id, total_requests, total_credits_used)
                SELECT u.api_key_id, count(*), 0
                  FROM unnest(p_api_key_ids, refusals) AS u(api_key_id, refusal)
                 WHERE u.refusal IS NULL
                 GROUP BY u.api_key_id
                 ORDER BY u.api_key_id
                    ON CONFLICT (api_key_id)
                    DO UPDATE SET total_requests = api_key_usage.total_requests + EXCLUDED.total_requests;

                RETURN QUERY SELECT r.refusal, r.held FROM unnest(refusals, held) AS r(refusal, held);
            END
            $admit$
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP FUNCTION admit_book_jobs(uuid[], uuid[], varchar[], jsonb[], varchar[], bigint[], text)`,
    );
  }
}
