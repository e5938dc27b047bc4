/** An add-on on an appointment or a subscription as a record of the transition service (chart: src/machines/lifecycles/addon.machine.ts). */
import { and, eq } from 'drizzle-orm';
import { addOnMachine, emptyAddOn, type AddOnContext } from '../../../src/machines/lifecycles/addon.machine';
import { type AddOnStatusValue, appointmentAddOns } from '../../db/schema';
import type { VisibleRecord } from './appointment';
import type { RecordType } from './record-type';

export type AddOnRow = typeof appointmentAddOns.$inferSelect;

/** A new add-on's columns; the status and the terms (service, description, value) come from the chart. */
export type NewAddOnRow = Omit<typeof appointmentAddOns.$inferInsert, 'status' | 'createdAt' | 'updatedAt'>;

/** Columns an add-on operation may change along with an accepted event (its terms: plan, service, custom, price). */
export type AddOnChanges = Partial<Pick<AddOnRow, 'serviceId' | 'planId' | 'serviceData' | 'custom' | 'price'>>;

export const addOnFactsOf = (row: AddOnRow): AddOnContext => ({
  serviceId: row.serviceId,
  description: row.custom?.description ?? null,
  valueCents: row.custom?.value ?? null,
});

export const addOnRecord: RecordType<typeof addOnMachine, AddOnRow, VisibleRecord, AddOnChanges, NewAddOnRow> = {
  chart: addOnMachine,
  recordType: 'addon',
  notFoundMessage: 'Add-on not found',
  load: async (tx, { id, visible }) =>
    (
      await tx
        .select()
        .from(appointmentAddOns)
        .where(and(eq(appointmentAddOns.id, id), visible))
        .for('update')
    )[0],
  idOf: (row) => row.id,
  statusOf: (row) => row.status,
  factsOf: addOnFactsOf,
  persist: async (tx, { to }, row, { now, changes }) => {
    const [updated] = await tx
      .update(appointmentAddOns)
      .set({ ...changes, status: to as AddOnStatusValue, updatedAt: now })
      .where(eq(appointmentAddOns.id, row.id))
      .returning();
    return updated!;
  },
  create: {
    status: 'new',
    facts: emptyAddOn,
    insert: async (tx, { to }, values, now) => {
      const [row] = await tx
        .insert(appointmentAddOns)
        .values({ ...values, status: to as AddOnStatusValue, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },
  },
};
