import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staged rotation of webhook signing secrets: a secret with no `activated_at`
 * is created but does not sign yet. Every existing secret has signed since it
 * was created.
 */
export class SigningSecretStages1795800000000 implements MigrationInterface {
  name = 'SigningSecretStages1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "signing_secrets" ADD "activated_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "signing_secrets" SET "activated_at" = "created_at"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "signing_secrets" DROP COLUMN "activated_at"`);
  }
}
