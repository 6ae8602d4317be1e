import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a finished job's file was deleted (DELETE /v1/book/{id} or
 * BOOK_RETENTION_DAYS), and the partial index the retention sweep reads:
 * completed jobs whose file is still kept, oldest first.
 */
export class BookFileRetention1795900000000 implements MigrationInterface {
  name = 'BookFileRetention1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "book_jobs" ADD "file_deleted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "idx_book_jobs_files_kept" ON "book_jobs" ("completed_at") WHERE status = 'completed' AND file_deleted_at IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_book_jobs_files_kept"`);
    await queryRunner.query(`ALTER TABLE "book_jobs" DROP COLUMN "file_deleted_at"`);
  }
}
