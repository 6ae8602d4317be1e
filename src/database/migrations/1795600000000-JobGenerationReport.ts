import { MigrationInterface, QueryRunner } from 'typeorm';

/** What wrote each book (provider, models, calls, retries, tokens), recorded when the job completes. */
export class JobGenerationReport1795600000000 implements MigrationInterface {
  name = 'JobGenerationReport1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "book_jobs" ADD "generation" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "book_jobs" DROP COLUMN "generation"`);
  }
}
