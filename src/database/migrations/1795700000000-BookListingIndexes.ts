import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /v1/books pages through one key's or one account's jobs, optionally of
 * one status, newest first: with the status in the index, a page reads only
 * its own rows however long the history and however rare the status.
 */
export class BookListingIndexes1795700000000 implements MigrationInterface {
  name = 'BookListingIndexes1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "idx_book_jobs_key_status_recent" ON "book_jobs" ("api_key_id", "status", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_book_jobs_account_status_recent" ON "book_jobs" ("account_id", "status", "created_at", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_book_jobs_account_status_recent"`);
    await queryRunner.query(`DROP INDEX "public"."idx_book_jobs_key_status_recent"`);
  }
}
