import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import type { ScreenView } from '../../../src/core/ports/api/user';
import type { ErrorReport, TelemetryPort } from '../../../src/core/ports/telemetry';
import { watchSession } from '../../../src/machines/flows/session-telemetry';
import { customerAccount, multiUser } from '../../machines/models/session.fixtures';
import { renderApp } from './harness';

const customer = {
  ...multiUser,
  accounts: [{ id: customerAccount._id, type: 'customer' as const }],
  account: { ...customerAccount, settings: { language_preference: 'en' as const } },
};

const recordingTelemetry = () => {
  const views: ScreenView[] = [];
  const errors: ErrorReport[] = [];
  const telemetry: TelemetryPort = {
    screenView: (view) => Effect.sync(() => void views.push(view)),
    error: (report) => Effect.sync(() => void errors.push(report)),
  };
  return { telemetry, views, errors };
};

describe('telemetry wired to the session (src/main.tsx: watchSession)', () => {
  it('records a screen view per screen a signed-in person reaches: route name and path without the query', async () => {
    const { telemetry, views } = recordingTelemetry();
    const app = renderApp('/dashboard', { storedToken: 'token-1', user: customer });
    const stop = watchSession(app.actor, telemetry);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    await waitFor(() => expect(views).toEqual([{ screen: 'customer.dashboard', path: '/dashboard' }]));

    act(() => app.location.navigate('/profile?token=secret'));
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    await waitFor(() => expect(views.at(-1)).toEqual({ screen: 'customer.profile', path: '/profile' }));
    // The same screen again (another query) is not a new view.
    act(() => app.location.navigate('/profile?tab=2'));
    // A redirecting route is not a screen: / → /dashboard records the dashboard only.
    act(() => app.location.navigate('/'));
    await waitFor(() => expect(app.current()).toBe('/dashboard'));
    await waitFor(() => expect(views.map((v) => v.screen)).toEqual(['customer.dashboard', 'customer.profile', 'customer.dashboard']));
    stop();
  });

  it('posts nothing while signed out', async () => {
    const { telemetry, views } = recordingTelemetry();
    const app = renderApp('/login');
    const stop = watchSession(app.actor, telemetry);
    await screen.findByRole('heading', { level: 1, name: 'Log in to Tendwell' });
    act(() => app.location.navigate('/register'));
    await screen.findByRole('heading', { level: 1 });
    expect(views).toEqual([]);
    stop();
  });

  it('reports the failures the session announces', async () => {
    const { telemetry, errors } = recordingTelemetry();
    const app = renderApp('/dashboard', { storedToken: 'token-1', user: customer });
    const stop = watchSession(app.actor, telemetry);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    app.calls.saveLanguage.mockRejectedValueOnce(new Error('offline'));
    fireEvent.click(within(await screen.findByRole('group', { name: 'Language' })).getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toMatchObject({ context: 'session', extra: { code: expect.any(String) } });
    stop();
  });
});
