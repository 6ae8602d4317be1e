import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogRepository } from './audit-log.repository';
import { AuditLogService } from './audit-log.service';
import { AuditLogEntryEntity } from './entities/audit-log-entry.entity';

/** The audit log, on PostgreSQL only, shared by the web console and the operator CLI. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditLogEntryEntity])],
  providers: [AuditLogRepository, AuditLogService],
  exports: [AuditLogService],
})
export class AuditLogModule {}
