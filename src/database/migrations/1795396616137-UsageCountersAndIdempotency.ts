import { MigrationInterface, QueryRunner } from 'typeorm';

export class UsageCountersAndIdempotency1795396616137 implements MigrationInterface {
  name = 'UsageCountersAndIdempotency1795396616137';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."idx_book_jobs_key_created"
        `);
    await queryRunner.query(`
            CREATE TABLE "idempotency_keys" (
                "api_key_id" character varying(32) NOT NULL,
                "idempotency_key" character varying(255) NOT NULL,
                "request_fingerprint" character(64) NOT NULL,
                "job_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "pk_idempotency_keys" PRIMARY KEY ("api_key_id", "idempotency_key")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "api_key_usage" (
                "api_key_id" character varying(32) NOT NULL,
                "total_requests" bigint NOT NULL DEFAULT '0',
                "total_credits_used" bigint NOT NULL DEFAULT '0',
                CONSTRAINT "pk_api_key_usage" PRIMARY KEY ("api_key_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_book_jobs_key_recent" ON "book_jobs" ("api_key_id", "created_at", "id")
        `);
    // Totals of the jobs that exist already; from now on they move with each job.
    await queryRunner.query(`
            INSERT INTO "api_key_usage" ("api_key_id", "total_requests", "total_credits_used")
            SELECT "api_key_id", count(*), COALESCE(sum("credits_used"), 0) FROM "book_jobs" GROUP BY "api_key_id"
        `);
    await queryRunner.query(`
            ALTER TABLE "idempotency_keys"
            ADD CONSTRAINT "fk_idempotency_keys_job" FOREIGN KEY ("job_id") REFERENCES "book_jobs"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "api_key_usage"
            ADD CONSTRAINT "fk_api_key_usage_api_key" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "api_key_usage" DROP CONSTRAINT "fk_api_key_usage_api_key"
        `);
    await queryRunner.query(`
            ALTER TABLE "idempotency_keys" DROP CONSTRAINT "fk_idempotency_keys_job"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_book_jobs_key_recent"
        `);
    await queryRunner.query(`
            DROP TABLE "api_key_usage"
        `);
    await queryRunner.query(`
            DROP TABLE "idempotency_keys"
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_book_jobs_key_created" ON "book_jobs" USING btree ("api_key_id", "created_at")
        `);
  }
}
