/**
 * The appointment screens' feature charts driven with fake actors: the actions come from the lifecycle chart
 * (role, status, 7-day window), an exception needs a note, a refused change reloads the appointment, a live
 * update of this appointment reloads it (and of another record does not), and the vendor's day moves and keeps
 * its note.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { Appointment, AvailabilityDay, NextAvailability, VendorTodayNote } from '../../src/core/model/appointment';
import type { ResourceUpdate } from '../../src/core/model/live';
import { actionDecision, appointmentDetailMachine, selectActions, type AppointmentChange } from '../../src/machines/features/appointment-detail.machine';
import { appointmentListMachine, selectDay, selectListMode, selectNote, selectServerToday, type ListLoad } from '../../src/machines/features/appointment-list.machine';
import { listActors, type AppointmentPorts } from '../../src/machines/features/appointments-actors';
import type { SortedAppointmentsQuery } from '../../src/core/model/appointment';
import { Effect } from 'effect';
import { canceledVisit, completedVisit, exceptionVisit, laterVisit, NOW, pendingVisit, soonVisit, todayVisit } from './models/appointments.fixtures';
import { resyncUpdate } from '../../src/core/rules/live';

const now = () => NOW;
const liveHub = () => {
  const listeners = new Set<(u: ResourceUpdate) => void>();
  return {
    actor: fromCallback(({ sendBack }) => {
      const l = (update: ResourceUpdate) => sendBack({ type: 'live.resourceUpdated', update });
      listeners.add(l);
      return () => listeners.delete(l);
    }),
    push: (update: ResourceUpdate) => listeners.forEach((l) => l(update)),
  };
};

describe('which actions the appointment screen offers (the lifecycle chart decides)', () => {
  const offered = (a: Appointment, role: 'customer' | 'vendor' | 'organization') =>
    Object.fromEntries(
      (['reschedule', 'cancel', 'complete', 'rainDelay', 'exception', 'reenable'] as const)
        .map((action) => actionDecision(a, role, NOW, action))
        .filter((d) => !d.hidden)
        .map((d) => [d.action, d.allowed ? 'yes' : d.refusal]),
    );

  it('a customer: reschedule and cancel 10 days ahead; within 7 days only cancel; pending may not be rescheduled', () => {
    expect(offered(laterVisit, 'customer')).toEqual({ reschedule: 'yes', cancel: 'yes' });
    expect(offered(soonVisit, 'customer')).toEqual({ reschedule: 'appointment.startOutsideWindow', cancel: 'yes' });
    expect(offered(pendingVisit, 'customer')).toEqual({ reschedule: 'appointment.changeNotPending', cancel: 'yes' });
    expect(offered(completedVisit, 'customer')).toEqual({ reschedule: 'appointment.open', cancel: 'appointment.open' });
  });

  it('a vendor: complete only within 7 days of the start, rain delay and exception; never cancel or re-enable', () => {
    expect(offered(soonVisit, 'vendor')).toEqual({ complete: 'yes', rainDelay: 'yes', exception: 'yes' });
    expect(offered(laterVisit, 'vendor')).toEqual({ complete: 'appointment.startWithinWindow', rainDelay: 'yes', exception: 'yes' });
    expect(offered(pendingVisit, 'vendor')).toMatchObject({ complete: 'appointment.confirmed' });
  });

  it('an organization re-enables an exception or a canceled visit, not an active one', () => {
    expect(offered(exceptionVisit, 'organization').reenable).toBe('yes');
    expect(offered(canceledVisit, 'organization').reenable).toBe('yes');
    expect(offered(laterVisit, 'organization').reenable).toBe('appointment.reinstatable');
  });
});

describe('the appointment chart of a screen', () => {
  const start = (a: Appointment, role: 'customer' | 'vendor', change: (input: { appointmentId: string; change: AppointmentChange }) => Promise<Appointment>) => {
    let stored = a;
    const hub = liveHub();
    const load = vi.fn(async () => stored);
    const actor = createActor(
      appointmentDetailMachine.provide({
        actors: {
          loadAppointment: fromPromise(load),
          loadSlots: fromPromise(async (): Promise<AvailabilityDay> => ({ day: '2026-12-10', slots: [] })),
          loadNext: fromPromise(async (): Promise<NextAvailability> => ({ next: null })),
          changeAppointment: fromPromise(({ input }) => change(input)),
          liveUpdates: hub.actor,
        },
      }),
      { input: { appointmentId: a._id, role, now } },
    ).start();
    return { actor, load, hub, setStored: (next: Appointment) => (stored = next) };
  };
  const idle = (actor: AnyActorRef) => waitFor(actor, (s) => s.matches({ ready: 'idle' }));

  it("keeps an exception without a note in place with 'Note is required!', and sends one with a note", async () => {
    const change = vi.fn(async ({ change: c }: { change: AppointmentChange }) => ({ ...soonVisit, status: 'exception' as const, note: 'note' in c ? c.note : null }));
    const { actor } = start(soonVisit, 'vendor', change);
    await idle(actor);
    actor.send({ type: 'detail.exception', note: '   ' });
    expect(actor.getSnapshot().context.noteError).toBe('Note is required!');
    expect(change).not.toHaveBeenCalled();
    actor.send({ type: 'detail.exception', note: 'Gate locked.' });
    await idle(actor);
    expect(actor.getSnapshot().context.appointment?.status).toBe('exception');
    expect(actor.getSnapshot().context.noteError).toBeNull();
  });

  it('ignores a command the lifecycle chart refuses (a customer completing a visit), sending nothing', async () => {
    const change = vi.fn(async () => soonVisit);
    const { actor } = start(soonVisit, 'customer', change);
    await idle(actor);
    actor.send({ type: 'detail.complete', note: '' });
    actor.send({ type: 'detail.reschedule' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(change).not.toHaveBeenCalled();
    expect(selectActions(actor.getSnapshot()).map((d) => [d.action, d.enabled])).toEqual([
      ['reschedule', false],
      ['cancel', true],
    ]);
  });

  it('a change the server refuses is announced and the appointment is fetched again', async () => {
    const refused = { _tag: 'ApiError', status: 409, code: 'illegal_transition', message: "'appointment.cancel' is not allowed in status 'canceled'" };
    const { actor, load, setStored } = start(laterVisit, 'customer', () => Promise.reject(refused));
    const notices: unknown[] = [];
    actor.on('notify', (e) => notices.push(e));
    await idle(actor);
    setStored({ ...laterVisit, status: 'canceled' });
    actor.send({ type: 'detail.cancel' });
    actor.send({ type: 'detail.confirm' });
    await waitFor(actor, (s) => s.context.appointment?.status === 'canceled');
    expect(notices).toEqual([{ type: 'notify', kind: 'error', code: 'illegal_transition', message: refused.message }]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("reloads on a live 'updated' of this appointment only", async () => {
    const { actor, load, hub, setStored } = start(soonVisit, 'customer', async () => soonVisit);
    await idle(actor);
    hub.push({ reason: 'updated', resourceType: 'appointment', resourceId: laterVisit._id });
    hub.push({ reason: 'updated', resourceType: 'ticket', resourceId: soonVisit._id });
    expect(load).toHaveBeenCalledTimes(1);
    setStored({ ...soonVisit, status: 'complete' });
    hub.push({ reason: 'updated', resourceType: 'appointment', resourceId: soonVisit._id });
    await waitFor(actor, (s) => s.context.appointment?.status === 'complete');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reloads after a reconnection that missed too much to replay (a resync)', async () => {
    const { actor, load, hub, setStored } = start(soonVisit, 'customer', async () => soonVisit);
    await idle(actor);
    setStored({ ...soonVisit, status: 'complete' });
    hub.push(resyncUpdate);
    await waitFor(actor, (s) => s.context.appointment?.status === 'complete');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("the list chart (the customer's visits, the vendor's day)", () => {
  it("moves the vendor's day, keeps its note, saves a new one and shows the empty day", async () => {
    const note: VendorTodayNote = { note: 'Edger', status: 'open', date: '2026-11-23' };
    const loadList = vi.fn(async ({ day }: { day: string }): Promise<ListLoad> => (day === '2026-11-23' ? { items: [todayVisit], note } : { items: [], note: null }));
    const saveNote = vi.fn(async (input: VendorTodayNote) => input);
    const actor = createActor(
      appointmentListMachine.provide({ actors: { loadList: fromPromise(({ input }) => loadList(input)), saveNote: fromPromise(({ input }) => saveNote(input)), liveUpdates: liveHub().actor } }),
      { input: { kind: 'day', day: '2026-11-23' } },
    ).start();
    await waitFor(actor, (s) => selectListMode(s) === 'ready');
    expect(selectNote(actor.getSnapshot())).toEqual(note);
    actor.send({ type: 'note.save', note: 'Edger loaded', status: 'done' });
    await waitFor(actor, (s) => s.hasTag('ready') && saveNote.mock.calls.length === 1);
    expect(saveNote).toHaveBeenCalledWith({ note: 'Edger loaded', status: 'done', date: '2026-11-23' });
    actor.send({ type: 'list.showDay', day: '2026-11-24' });
    await waitFor(actor, (s) => selectListMode(s) === 'empty');
    expect(loadList).toHaveBeenLastCalledWith({ kind: 'day', day: '2026-11-24' });
  });

  it("the organization's day without a day asked loads the server's today (sort/appointments without date) and keeps it as today", async () => {
    // The browser guesses the 23rd; the server answers the organization's today, the 22nd (its zone's).
    const sorted = vi.fn((query: SortedAppointmentsQuery) =>
      Effect.succeed({ date: query.date ?? '2026-11-22', ...(query.date ? {} : { time_zone: 'America/Chicago' }), items: query.date ? [] : [todayVisit] }),
    );
    const vendors = vi.fn(() => Effect.succeed([]));
    const api = { appointments: { sorted }, organizations: { vendors } } as unknown as AppointmentPorts['api'];
    const actors = listActors({ api, live: { subscribe: () => () => {} } } as unknown as AppointmentPorts);
    const actor = createActor(appointmentListMachine.provide({ actors: { loadList: actors.loadList, liveUpdates: liveHub().actor } }), {
      input: { kind: 'team', day: '2026-11-23', owner: 'a0000000000000000000000a', serverToday: true },
    }).start();
    await waitFor(actor, (s) => selectListMode(s) === 'ready');
    expect(sorted).toHaveBeenCalledWith({});
    expect(selectDay(actor.getSnapshot())).toBe('2026-11-22');
    expect(selectServerToday(actor.getSnapshot())).toBe('2026-11-22');
    // Another day is asked by its date; today stays the server's.
    actor.send({ type: 'list.showDay', day: '2026-11-23' });
    await waitFor(actor, (s) => selectListMode(s) === 'empty');
    expect(sorted).toHaveBeenLastCalledWith({ date: '2026-11-23' });
    expect(selectDay(actor.getSnapshot())).toBe('2026-11-23');
    expect(selectServerToday(actor.getSnapshot())).toBe('2026-11-22');
  });

  it("the customer's list takes no day and no note", async () => {
    const loadList = vi.fn(async (): Promise<ListLoad> => ({ items: [laterVisit], note: null }));
    const actor = createActor(
      appointmentListMachine.provide({ actors: { loadList: fromPromise(loadList), liveUpdates: liveHub().actor } }),
      { input: { kind: 'customer', day: '2026-11-23' } },
    ).start();
    await waitFor(actor, (s) => selectListMode(s) === 'ready');
    expect(actor.getSnapshot().can({ type: 'list.showDay', day: '2026-11-24' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'note.save', note: 'x', status: 'open' })).toBe(false);
  });
});
