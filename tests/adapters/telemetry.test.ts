import { describe, expect, it } from 'vitest';
import { Effect } from 'effect';
import { createConsoleTelemetry } from '../../src/adapters/telemetry/console';
import { systemClock } from '../../src/adapters/clock/system';
import type { ScreenView, UserApi } from '../../src/core/ports/api/user';
import { ApiError, Unauthorized } from '../../src/core/ports/errors';

const userPort = (answer: () => Effect.Effect<void, ApiError | Unauthorized>) => {
  const views: ScreenView[] = [];
  const user = {
    screenView: (view: ScreenView) => {
      views.push(view);
      return answer();
    },
  } as Pick<UserApi, 'screenView'> as UserApi;
  return { user, views };
};

describe('telemetry', () => {
  it('posts screen views through the user port when signed in, and never fails the caller', async () => {
    const { user, views } = userPort(() => Effect.fail(new ApiError({ message: 'Internal error', code: 'internal', status: 500 })));
    const telemetry = createConsoleTelemetry({ user, signedIn: () => true, console: { error: () => undefined } });
    await Effect.runPromise(telemetry.screenView({ screen: 'Dashboard', path: '/dashboard' }));
    expect(views).toEqual([{ screen: 'Dashboard', path: '/dashboard' }]);
  });

  it('posts nothing on public screens (no session), so no 401 can sign the visitor out', async () => {
    const { user, views } = userPort(() => Effect.fail(new Unauthorized()));
    const telemetry = createConsoleTelemetry({ user, signedIn: async () => false, console: { error: () => undefined } });
    await Effect.runPromise(telemetry.screenView({ screen: 'Login' }));
    expect(views).toEqual([]);
  });

  it('logs errors, and reports them only in the release stages', async () => {
    const logged: unknown[][] = [];
    const reported: unknown[] = [];
    const base = { user: userPort(() => Effect.void).user, signedIn: () => true, console: { error: (...args: unknown[]) => void logged.push(args) }, report: (r: unknown) => void reported.push(r) };
    await Effect.runPromise(createConsoleTelemetry({ ...base, releaseStage: 'development' }).error({ error: new Error('boom'), context: 'session' }));
    expect(reported).toHaveLength(0);
    await Effect.runPromise(createConsoleTelemetry({ ...base, releaseStage: 'production' }).error({ error: new Error('boom'), context: 'session' }));
    expect(reported).toHaveLength(1);
    expect(logged.map((args) => args[0])).toEqual(['[tendwell] session', '[tendwell] session']);
  });

  it('the system clock tells the time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
