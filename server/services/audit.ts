import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { auditLog } from '../db/schema';

/** One state change for the append-only audit trail. */
export interface AuditEntry {
  readonly chart: string;
  readonly event: string;
  readonly from: string | null;
  readonly to: string | null;
  readonly recordType: string;
  readonly recordId: string;
  /** Who did it; null for a change made by the system or by an anonymous caller identified otherwise. */
  readonly actor: { readonly userId: string | null; readonly accountId: string | null; readonly role: string } | null;
  readonly requestId?: string | null;
}

/** Writes one audit row (call it inside the transaction that makes the change). */
export const recordAudit = async (db: Pick<Db, 'insert'>, clock: Clock, entry: AuditEntry): Promise<void> => {
  await db.insert(auditLog).values({
    id: newId(),
    at: clock.now(),
    userId: entry.actor?.userId ?? null,
    accountId: entry.actor?.accountId ?? null,
    role: entry.actor?.role ?? null,
    chart: entry.chart,
    event: entry.event,
    fromState: entry.from,
    toState: entry.to,
    recordType: entry.recordType,
    recordId: entry.recordId,
    requestId: entry.requestId ?? null,
  });
};
