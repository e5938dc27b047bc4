/**
 * The composer chart's model: a new ticket and a comment; a draft restored or not; typing, the pause that
 * saves (server or device), sending with and without enough text; files accepted, refused, uploaded,
 * failed and removed.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ticketComposerMachine } from '../../../src/machines/features/ticket-composer.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { delayedEvents } from './flow-support';
import { bigPhoto, media, openTicket, pdf, photo } from './tickets.fixtures';
import { failures } from './session.fixtures';
import { done, fail, initialSnapshot } from './session.model';

const full = { subject: 'Gate', comment: 'Left open', type: 'general', priority: 'normal' };
const choices = { appointments: [], subscriptions: [] };

export function composerEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('restoring')) return [done('restore', { draft: full, savedOn: 'device', choices }), done('restore', { draft: {}, savedOn: 'none', choices }), fail('restore', failures.server)];
  if (s.matches('sending')) return [done('send', openTicket), fail('send', failures.network)];
  if (!s.matches('composing')) return [];
  const events: AnyEventObject[] = [
    { type: 'composer.change', values: { comment: 'More text' } },
    { type: 'composer.change', values: { subject: '', comment: '' } },
    { type: 'composer.send' },
    { type: 'composer.removeFile', key: 'f1' },
    ...delayedEvents(s),
  ];
  // Support's account picker: a search (3+ characters, or too short), its answer or failure, and a pick.
  if ((s.context as { onBehalf: boolean }).onBehalf && s.matches({ composing: { account: 'idle' } }) && !(s.context as { accountQuery: string }).accountQuery)
    events.push({ type: 'composer.findAccount', text: 'vendor' }, { type: 'composer.findAccount', text: 've' });
  if (!(s.context as { onBehalf: boolean }).onBehalf) events.push({ type: 'composer.findAccount', text: 'vendor' });
  if (s.matches({ composing: { account: 'searching' } }))
    events.push(done('searchAccounts', [{ _id: 'a1', type: 'vendor', name: 'Vera Vendor', primary_email: 'vendor@tendwell.test' }]), fail('searchAccounts', failures.server));
  if (s.matches({ composing: { text: 'saving' } }))
    events.push(done('saveDraft', { draft: { ...full, ticket_id: openTicket._id }, savedOn: 'server' }), done('saveDraft', { draft: full, savedOn: 'device' }), fail('saveDraft', failures.server));
  if (s.matches({ composing: { files: 'idle' } }) && (s.context as { files: unknown[] }).files.length === 0)
    events.push(
      { type: 'composer.attach', key: 'f1', file: photo, preview: 'blob:1' },
      { type: 'composer.attach', key: 'f2', file: bigPhoto, preview: 'blob:2' },
      { type: 'composer.attach', key: 'f3', file: pdf, preview: 'blob:3' },
    );
  if (s.matches({ composing: { files: 'uploading' } }))
    events.push({ type: 'upload.progress', fraction: 0.5 }, { type: 'upload.done', media }, { type: 'upload.failed', message: 'Network Error' });
  return events;
}

export const model: ChartModel = {
  machine: ticketComposerMachine,
  events: composerEvents,
  starts: () => [
    initialSnapshot(ticketComposerMachine, { mode: 'ticket', draftKey: 'u1:new', defaults: { type: 'general', priority: 'normal' } }),
    initialSnapshot(ticketComposerMachine, { mode: 'comment', draftKey: 'u1:comment:t1', ticketId: openTicket._id }),
    initialSnapshot(ticketComposerMachine, { mode: 'ticket', draftKey: 'u1:new', defaults: { type: 'general', priority: 'normal' }, onBehalf: true }),
  ],
};
