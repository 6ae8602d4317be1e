import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The web console: its users, their memberships in accounts, their sessions
 * (only the SHA-256 of each cookie token), the audit log of console and CLI
 * actions, and the suspension of an account (its API keys are refused).
 */
export class WebConsole1796000000000 implements MigrationInterface {
  name = 'WebConsole1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "accounts" ADD "suspended_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`
            CREATE TABLE "console_users" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "email" character varying(254) NOT NULL,
                "password_hash" text NOT NULL,
                "role" character varying(16) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "disabled_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "uq_console_users_email" UNIQUE ("email"),
                CONSTRAINT "ck_console_users_email_lowercase" CHECK (email = lower(email)),
                CONSTRAINT "ck_console_users_role" CHECK (role IN ('operator', 'member')),
                CONSTRAINT "pk_console_users" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "console_memberships" (
                "user_id" uuid NOT NULL,
                "account_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "pk_console_memberships" PRIMARY KEY ("user_id", "account_id"),
                CONSTRAINT "fk_console_memberships_user" FOREIGN KEY ("user_id") REFERENCES "console_users"("id") ON DELETE CASCADE ON UPDATE NO ACTION,
                CONSTRAINT "fk_console_memberships_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION
            )
        `);
    await queryRunner.query(`CREATE INDEX "idx_console_memberships_account" ON "console_memberships" ("account_id")`);
    await queryRunner.query(`
            CREATE TABLE "console_sessions" (
                "id" character(64) NOT NULL,
                "user_id" uuid NOT NULL,
                "csrf_token" character varying(64) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                CONSTRAINT "pk_console_sessions" PRIMARY KEY ("id"),
                CONSTRAINT "fk_console_sessions_user" FOREIGN KEY ("user_id") REFERENCES "console_users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
            )
        `);
    await queryRunner.query(`CREATE INDEX "idx_console_sessions_user" ON "console_sessions" ("user_id")`);
    await queryRunner.query(`
            CREATE TABLE "audit_log" (
                "id" BIGSERIAL NOT NULL,
                "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "actor" character varying(64) NOT NULL,
                "action" character varying(64) NOT NULL,
                "account_id" uuid,
                "target" character varying(254),
                "details" jsonb NOT NULL DEFAULT '{}',
                CONSTRAINT "pk_audit_log" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`CREATE INDEX "idx_audit_log_account_at" ON "audit_log" ("account_id", "at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_audit_log_account_at"`);
    await queryRunner.query(`DROP TABLE "audit_log"`);
    await queryRunner.query(`DROP INDEX "public"."idx_console_sessions_user"`);
    await queryRunner.query(`DROP TABLE "console_sessions"`);
    await queryRunner.query(`DROP INDEX "public"."idx_console_memberships_account"`);
    await queryRunner.query(`DROP TABLE "console_memberships"`);
    await queryRunner.query(`DROP TABLE "console_users"`);
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "suspended_at"`);
  }
}
