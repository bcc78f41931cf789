// The audit log, available to every module: use cases note their changes in the AuditTrail, the audit
// interceptor writes the row.
import { Global, Module } from '@nestjs/common';
import { AuditTrail } from './audit-trail.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

@Global()
@Module({
  providers: [AuditTrail, AuditRepository, AuditService],
  exports: [AuditTrail, AuditService],
})
export class AuditModule {}
