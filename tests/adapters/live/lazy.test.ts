import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import { createLazyLiveAdapter } from '../../../src/adapters/live/lazy';
import type { LiveEvent, LivePort } from '../../../src/core/ports/live';

/** A live adapter that records what it is asked, and lets the test emit events. */
const fakeAdapter = () => {
  const calls: string[] = [];
  const listeners = new Set<(event: LiveEvent) => void>();
  const port: LivePort = {
    connect: (token) => Effect.sync(() => void calls.push(`connect ${token}`)),
    disconnect: () => Effect.sync(() => void calls.push('disconnect')),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return { port, calls, emit: (event: LiveEvent) => listeners.forEach((l) => l(event)) };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the lazily loaded live connection (src/adapters/live/lazy.ts)', () => {
  it('loads nothing until the first connect, then connects with the latest token and forwards events', async () => {
    const fake = fakeAdapter();
    let loads = 0;
    const live = createLazyLiveAdapter({}, async () => {
      loads += 1;
      return fake.port;
    });
    const heard: LiveEvent[] = [];
    const stop = live.subscribe((event) => heard.push(event));
    await settle();
    expect(loads).toBe(0);
    Effect.runSync(live.connect('token-1'));
    Effect.runSync(live.connect('token-2'));
    await settle();
    expect(loads).toBe(1);
    expect(fake.calls).toEqual(['connect token-2']);
    fake.emit({ type: 'live.connected' });
    expect(heard).toEqual([{ type: 'live.connected' }]);
    stop();
    fake.emit({ type: 'live.connected' });
    expect(heard).toHaveLength(1);
    Effect.runSync(live.disconnect());
    expect(fake.calls).toEqual(['connect token-2', 'disconnect']);
  });

  it('a disconnect while the adapter loads leaves it closed', async () => {
    const fake = fakeAdapter();
    const live = createLazyLiveAdapter({}, async () => fake.port);
    Effect.runSync(live.connect('token-1'));
    Effect.runSync(live.disconnect());
    await settle();
    expect(fake.calls).toEqual([]);
  });

  it('a chunk that fails to load is reported, and the next connect tries again', async () => {
    const fake = fakeAdapter();
    const reports: unknown[] = [];
    let attempt = 0;
    const live = createLazyLiveAdapter({ report: (report) => reports.push(report.context) }, async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return fake.port;
    });
    Effect.runSync(live.connect('token-1'));
    await settle();
    expect(reports).toEqual(['live:load']);
    Effect.runSync(live.connect('token-1'));
    await settle();
    expect(fake.calls).toEqual(['connect token-1']);
  });
});
