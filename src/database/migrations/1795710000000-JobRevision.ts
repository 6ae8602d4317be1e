import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A per-job revision, bumped in the same UPDATE as every visible change of
 * the job (status, progress, messages): the id of the job's progress events,
 * comparable across processes and reconnects. Existing rows start at 1, as
 * new jobs do.
 */
export class JobRevision1795710000000 implements MigrationInterface {
  name = 'JobRevision1795710000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "book_jobs" ADD "revision" integer NOT NULL DEFAULT 1`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "book_jobs" DROP COLUMN "revision"`);
  }
}
