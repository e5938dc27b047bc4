import { describe, expect, it } from 'vitest';
import {
  LIVE_REPLAY_LIMIT,
  advanceCursor,
  catchUp,
  concernsResource,
  concernsType,
  messagePushTitle,
  receivesMessagePush,
  resyncUpdate,
  settleCursor,
  shouldReloadAppointment,
  type StreamCursor,
} from '../../../src/core/rules/live';

describe('live updates', () => {
  it("reloads an appointment on reason 'updated' for that appointment only", () => {
    expect(shouldReloadAppointment({ reason: 'updated', resourceType: 'appointment', resourceId: 'a1' }, 'a1')).toBe(true);
    expect(shouldReloadAppointment({ reason: 'created', resourceType: 'appointment', resourceId: 'a1' }, 'a1')).toBe(false);
    expect(shouldReloadAppointment({ reason: 'updated', resourceType: 'ticket', resourceId: 'a1' }, 'a1')).toBe(false);
    expect(shouldReloadAppointment({ reason: 'updated', resourceType: 'appointment', resourceId: 'a2' }, 'a1')).toBe(false);
  });
  it('a resync (a reconnection that missed too much) reloads every screen', () => {
    expect(shouldReloadAppointment(resyncUpdate, 'a1')).toBe(true);
    expect(concernsType(resyncUpdate, 'ticket')).toBe(true);
    expect(concernsResource(resyncUpdate, 'ticket', 't1')).toBe(true);
    expect(concernsType({ reason: 'updated', resourceType: 'ticket', resourceId: 't1' }, 'appointment')).toBe(false);
  });
  it('only admins get message pushes, titled New {connectType} Message from {fromAddress}', () => {
    expect(receivesMessagePush('super')).toBe(true);
    expect(receivesMessagePush('customer')).toBe(false);
    expect(messagePushTitle({ connectType: 'SMS', fromAddress: '+15551234567' })).toBe('New SMS Message from +15551234567');
  });
});

describe('catching up on reconnect', () => {
  const stream = (latest: number, oldest = 1) => ({ latest, oldest });
  it('a first connection, or one that missed nothing, starts from the newest number', () => {
    expect(catchUp(undefined, stream(40))).toEqual({ kind: 'current' });
    expect(catchUp(40, stream(40))).toEqual({ kind: 'current' });
    expect(catchUp(0, stream(0, 1))).toEqual({ kind: 'current' });
  });
  it('missed events still stored, and not too many: replayed after the last one seen', () => {
    expect(catchUp(37, stream(40))).toEqual({ kind: 'replay', since: 37 });
    expect(catchUp(0, stream(3))).toEqual({ kind: 'replay', since: 0 });
    // the oldest stored is exactly the next one needed
    expect(catchUp(9, stream(12, 10))).toEqual({ kind: 'replay', since: 9 });
    expect(catchUp(500 - LIVE_REPLAY_LIMIT, stream(500))).toEqual({ kind: 'replay', since: 500 - LIVE_REPLAY_LIMIT });
  });
  it('reloads when what was missed is pruned, too many, or the numbers went back (another database)', () => {
    expect(catchUp(8, stream(12, 10))).toEqual({ kind: 'reload' });
    expect(catchUp(5, stream(12, 13))).toEqual({ kind: 'reload' });
    expect(catchUp(499 - LIVE_REPLAY_LIMIT, stream(500))).toEqual({ kind: 'reload' });
    expect(catchUp(41, stream(40))).toEqual({ kind: 'reload' });
  });
  it('the cursor counts each number once, and its watermark only passes numbers all seen', () => {
    let cursor: StreamCursor | undefined = settleCursor(undefined, 3, false);
    const seen = (seq: number) => {
      const next = advanceCursor(cursor, seq);
      cursor = next.cursor;
      return next.fresh;
    };
    expect(seen(5)).toBe(true); // 4 not yet here (another process pushed 5 first)
    expect(cursor).toEqual({ upTo: 3, above: [5] });
    expect(seen(5)).toBe(false);
    expect(seen(4)).toBe(true);
    expect(cursor).toEqual({ upTo: 5, above: [] });
    expect(seen(2)).toBe(false);
    expect(settleCursor({ upTo: 5, above: [9] }, 7, true)).toEqual({ upTo: 7, above: [] });
    expect(settleCursor({ upTo: 5, above: [9] }, 7, false)).toEqual({ upTo: 7, above: [9] });
  });
});
