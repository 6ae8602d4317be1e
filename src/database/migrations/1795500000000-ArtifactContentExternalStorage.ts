import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Book files are read in slices for streaming downloads. PostgreSQL can fetch
 * a slice of a TOASTed value without reading the whole value only when it is
 * stored uncompressed (EXTERNAL); PDF and EPUB are compressed already, so
 * little space is lost. Affects rows written from now on.
 */
export class ArtifactContentExternalStorage1795500000000 implements MigrationInterface {
  name = 'ArtifactContentExternalStorage1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "artifacts" ALTER COLUMN "content" SET STORAGE EXTERNAL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "artifacts" ALTER COLUMN "content" SET STORAGE EXTENDED`);
  }
}
