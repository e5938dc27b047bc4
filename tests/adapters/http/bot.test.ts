import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import { httpApiFrom } from '../../../src/adapters/http/api';
import { failureOf, json, testClient } from './fake-fetch';

/** Bookings §8: a bot call's error text is the nested error field of the response, else the unknown-error message. */
describe('bot adapter errors', () => {
  it('takes the nested error text', async () => {
    const { http } = testClient(() => json(409, { message: 'outer', code: 'conflict', error: { message: 'This conversation was canceled.' } }));
    expect(await failureOf(httpApiFrom(http).bot.cancelConversation({ taskId: 't1' }))).toMatchObject({ _tag: 'ApiError', status: 409, message: 'This conversation was canceled.' });
  });

  it('falls back to the unknown-error message without a nested error, and when there is no answer at all', async () => {
    const { http } = testClient(() => json(400, { message: 'body/message must NOT have fewer than 1 characters', code: 'invalid_request' }));
    expect(await failureOf(httpApiFrom(http).bot.replyToBot({ message: '' }))).toMatchObject({ message: 'An unknown error occurred. Please try again.' });
    const offline = testClient(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failureOf(httpApiFrom(offline.http).bot.replyToBot({ message: 'hi' }))).toMatchObject({ message: 'An unknown error occurred. Please try again.' });
  });

  it('decodes the offer and the handed-over ticket', async () => {
    const task = { taskId: 't1', status: 'done', reply: 'Opened #1042', prompt: null, ticket_id: 'e0000000000000000000000e', messages: [{ from: 'bot', text: 'Opened #1042', at: '2026-11-23T12:00:00.000Z' }] };
    const { http, requests } = testClient(() => json(200, task));
    expect(await Effect.runPromise(httpApiFrom(http).bot.promptConversationResponse({ taskId: 't1', prompt: 'yes' }))).toMatchObject({ ticket_id: task.ticket_id, messages: task.messages });
    expect(requests[0]!.body).toEqual({ taskId: 't1', response: 'yes' });
  });
});
