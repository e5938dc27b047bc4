/**
 * The chat-help chart's model: a first message answered, failed or still running; a question the assistant
 * cannot answer (the ticket offer, accepted or declined, each also failing); ending the conversation; a
 * handed-over conversation restarted.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { chatHelpMachine } from '../../../src/machines/features/chat-help.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { delayedEvents } from './flow-support';
import { done, fail, initialSnapshot } from './session.model';

const unknown = { _tag: 'ApiError', status: 0, code: 'bot_unknown_error', message: 'An unknown error occurred. Please try again.' };
const answered = { taskId: 't1', status: 'waiting_for_reply', reply: 'Your next visit is Tuesday.', prompt: null, ticket_id: null };
const offer = { ...answered, reply: "I can't help with that here.", prompt: 'open_ticket' };
const running = { ...answered, status: 'running', reply: null };
const handedOver = { ...answered, status: 'done', reply: 'I opened ticket #1042.', ticket_id: 'e0000000000000000000000e', messages: [{ from: 'bot', text: 'I opened ticket #1042.', at: '2026-11-23T12:00:00.000Z' }] };
const canceled = { ...answered, status: 'canceled' };

export function chatEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('idle')) return [{ type: 'chat.send', message: 'When is my next visit?' }, { type: 'chat.send', message: '   ' }];
  if (s.matches('sending')) return [done('reply', answered), done('reply', offer), done('reply', running), done('reply', canceled), fail('reply', unknown)];
  if (s.matches({ thinking: 'waiting' })) return delayedEvents(s);
  if (s.matches({ thinking: 'asking' })) return [done('status', answered), fail('status', unknown)];
  if (s.matches('conversing')) {
    // The transcript grows with every message: one more message is enough to cover "more chat.send" (a bounded graph).
    const more = (s.context as { messages: unknown[] }).messages.length <= 2 ? [{ type: 'chat.send', message: 'My gate code changed' }] : [];
    return [...more, { type: 'chat.acceptTicket' }, { type: 'chat.declineTicket' }, { type: 'chat.end' }];
  }
  if (s.matches('responding')) return [done('respond', handedOver), fail('respond', unknown)];
  if (s.matches('declining')) return [done('cancelTask', answered), fail('cancelTask', unknown)];
  if (s.matches('ending')) return [done('cancel', canceled), fail('cancel', unknown)];
  if (s.matches('handedOver')) return [{ type: 'chat.restart' }];
  return [];
}

export const model: ChartModel = {
  machine: chatHelpMachine,
  events: chatEvents,
  starts: () => [initialSnapshot(chatHelpMachine, undefined)],
};
