/**
 * Reading the audit trail (GET /admin/audit, super only). Rows are written by `recordAudit` inside the
 * transaction of each state change and are never updated or deleted (a trigger refuses it, migration 0001).
 */
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { components, operations } from '../../src/adapters/http/openapi.gen';
import type { Role } from '../../src/core/model/roles';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditEntryWire = components['schemas']['AuditEntry'];
export type AuditPage = components['schemas']['AuditPage'];
type AuditQuery = NonNullable<operations['listAuditEntries']['parameters']['query']>;
type AuditRow = typeof auditLog.$inferSelect;

export const auditEntryWire = (row: AuditRow): AuditEntryWire => ({
  _id: row.id,
  userId: row.userId,
  accountId: row.accountId,
  role: row.role as Role | null,
  chart: row.chart,
  event: row.event,
  from: row.fromState,
  to: row.toState,
  recordType: row.recordType,
  recordId: row.recordId,
  requestId: row.requestId,
  at: row.at.toISOString(),
});

export interface AuditQueryService {
  /** Newest first; filters: record (type, id), acting account, chart, time [from, to). */
  list(query: AuditQuery): Promise<AuditPage>;
}

export const createAuditQueryService = ({ db }: { db: Db }): AuditQueryService => ({
  async list(query) {
    const where = and(
      query.recordType ? eq(auditLog.recordType, query.recordType) : undefined,
      query.recordId ? eq(auditLog.recordId, query.recordId) : undefined,
      query.accountId ? eq(auditLog.accountId, query.accountId) : undefined,
      query.chart ? eq(auditLog.chart, query.chart) : undefined,
      query.from ? gte(auditLog.at, new Date(query.from)) : undefined,
      query.to ? lt(auditLog.at, new Date(query.to)) : undefined,
    );
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 10;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { items: rows.map(auditEntryWire), total: total?.n ?? 0 };
  },
});
