import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { appointmentFacts, appointmentRoles, appointmentScopes, appointmentTime } from '../../src/core/rules/appointments';
import { sessionMachine } from '../../src/machines/flows/session.machine';
import { SessionProvider, type SessionActor } from '../../src/ui/app/session-context';
import FlowExplorer from '../../src/ui/screens/dev/FlowExplorer';
import { devScreens } from '../../src/ui/screens/dev/registry';
import { EXPLORER_MARKER } from '../../tools/bundle-check';
import { renderUi } from './render';

const NOW = '2030-03-10T12:00:00.000Z';

let running: SessionActor | undefined;
afterEach(() => {
  running?.stop();
  running = undefined;
});

/** A session chart with controllable actors: the ping waits until `reachApi()`; no token is stored. */
function sessionActor() {
  let reachApi: () => void = () => undefined;
  const ping = new Promise<void>((resolve) => {
    reachApi = resolve;
  });
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        ping: fromPromise<void>(() => ping),
        readToken: fromPromise<string | null>(async () => null),
      },
    }),
    { input: { browserLanguage: 'en' } },
  );
  running = actor;
  return { actor, reachApi: () => reachApi() };
}

function renderExplorer(path = '/dev/flows') {
  const { actor, reachApi } = sessionActor();
  actor.start();
  const view = renderUi(
    <SessionProvider session={actor}>
      <FlowExplorer initialNow={NOW} />
    </SessionProvider>,
    { path },
  );
  return { ...view, actor, reachApi };
}

/** Opens a Dropdown (combobox) by its label and picks the option whose name starts with `option`. */
function choose(label: string | RegExp, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  const listbox = screen.getByRole('listbox', { name: label });
  fireEvent.click(within(listbox).getByRole('option', { name: new RegExp(`^${option.replace(/[.]/g, '\\.')}(?![\\w-])`) }));
}

const eventItem = (container: HTMLElement, type: string): HTMLElement => {
  const item = container.querySelector<HTMLElement>(`[data-event="${type}"]`);
  if (!item) throw new Error(`no event item for ${type}`);
  return item;
};

const currentStatus = () => screen.getByTestId('dev-flows-status').textContent;

describe('the flow explorer (/dev/flows)', () => {
  it('is registered lazily under the devFlows route name', () => {
    expect(Object.keys(devScreens)).toEqual(['devFlows']);
    // A loader (a dynamic import, its own chunk), wrapped by the app's registry with lazyScreen.
    expect(typeof devScreens.devFlows).toBe('function');
  });

  it('picks the appointment chart, steps it from active to complete, and shows reinstate blocked with its spec sentence', () => {
    const { container, location } = renderExplorer('/dev/flows?chart=ticket');
    // The root carries the marker tools/bundle-check.ts looks for in the build's chunks.
    expect(container.querySelector(`[data-testid="${EXPLORER_MARKER}"]`)).toBeTruthy();
    expect(screen.getByRole('img', { name: /ticket chart/ })).toBeTruthy();

    choose('Chart', 'appointment');
    expect(location.history?.at(-1)).toBe('/dev/flows?chart=appointment');
    expect(screen.getByRole('img', { name: /appointment chart/ })).toBeTruthy();
    expect(currentStatus()).toBe('new');

    // Reset to active; an appointment starting in 2 days, completed by the vendor.
    choose('Reset to status', 'active');
    expect(currentStatus()).toBe('active');
    fireEvent.click(within(screen.getByRole('group', { name: 'Quick values for context.startTime' })).getByRole('button', { name: 'in 2 days' }));
    expect(screen.getByText('2030-03-12T12:00:00.000Z')).toBeTruthy();

    // As super the visit cannot be completed: the guard and its sentence say why.
    const complete = eventItem(container, 'appointment.complete');
    expect(complete.getAttribute('data-blocked')).toBe('blocked_by_guard');
    expect(complete.textContent).toContain('isFieldRole');
    expect(complete.textContent).toContain(appointmentRoles.field.spec);
    expect(complete.textContent).toContain('bookings §6');

    choose('event.actor.role', 'vendor');
    const step = within(eventItem(container, 'appointment.complete')).getByRole('button', { name: 'appointment.complete' });
    expect(eventItem(container, 'appointment.complete').textContent).toContain('goes to complete');
    fireEvent.click(step);

    expect(currentStatus()).toBe('complete');
    const steps = screen.getByRole('region', { name: 'Steps' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Reset to active', expect.stringMatching(/^active → complete by appointment\.complete at 2030-03-10T12:00:00\.000Z$/)]);
    expect(container.querySelector('[data-state="complete"]')?.getAttribute('data-current')).toBe('true');

    // Reinstate (appointment.reenable) is not offered in complete, and the status rule says why.
    const reinstate = eventItem(container, 'appointment.reenable');
    expect(reinstate.getAttribute('data-blocked')).toBe('not_allowed_in_status');
    expect(within(reinstate).queryByRole('button', { name: 'appointment.reenable' })).toBeNull();
    expect(reinstate.textContent).toContain('Not offered in complete');
    const reasons = within(reinstate).getByRole('list', { name: 'Why appointment.reenable is blocked' });
    expect(reasons.textContent).toContain('Status rule');
    expect(reasons.textContent).toContain('appointment.reinstatable');
    expect(reasons.textContent).toContain(appointmentScopes.reinstatable.spec);
    expect(reasons.textContent).toContain('bookings §4');
  });

  it('follows the facts: a start beyond the window blocks completion, an exception needs a note, reinstating needs an operator', () => {
    const { container } = renderExplorer('/dev/flows?chart=appointment');
    choose('Reset to status', 'active');
    choose('event.actor.role', 'organization');
    fireEvent.click(within(screen.getByRole('group', { name: 'Quick values for context.startTime' })).getByRole('button', { name: 'in 10 days' }));

    const complete = eventItem(container, 'appointment.complete');
    expect(complete.textContent).toContain('startWithinWindow');
    expect(complete.textContent).toContain(appointmentTime.startWithinWindow.spec);

    const exception = eventItem(container, 'appointment.exception');
    expect(exception.textContent).toContain(appointmentFacts.noteGiven.spec);
    expect(exception.textContent).toContain('Users see: Note is required!');

    fireEvent.change(screen.getByLabelText('event.note'), { target: { value: 'Gate locked' } });
    fireEvent.click(within(eventItem(container, 'appointment.exception')).getByRole('button', { name: 'appointment.exception' }));
    expect(currentStatus()).toBe('exception');

    // In exception the organization may reinstate; a customer may not (the operator rule).
    expect(eventItem(container, 'appointment.reenable').getAttribute('data-enabled')).toBe('true');
    expect(eventItem(container, 'appointment.reenable').textContent).toContain('goes to active');
    choose('event.actor.role', 'customer');
    const reinstate = eventItem(container, 'appointment.reenable');
    expect(reinstate.getAttribute('data-blocked')).toBe('blocked_by_guard');
    expect(reinstate.textContent).toContain('isOperator');
    expect(reinstate.textContent).toContain(appointmentRoles.operator.spec);
  });

  it('shows the running session chart live', async () => {
    const { reachApi } = renderExplorer('/dev/flows?chart=session');
    const live = screen.getByRole('region', { name: "Live: the running app's session" });
    expect(screen.getByTestId('dev-flows-live-state').textContent).toBe('booting');
    expect(within(live).getByText('resolving')).toBeTruthy();
    expect(screen.getByRole('img', { name: /session chart/ })).toBeTruthy();
    expect(screen.getByRole('table', { name: /Declared transitions of session/ })).toBeTruthy();

    await act(async () => reachApi());
    await waitFor(() => expect(screen.getByTestId('dev-flows-live-state').textContent).toBe('signedOut.form'));
    expect(within(live).getAllByRole('listitem').map((li) => li.querySelector('code')?.textContent)).toEqual(['booting', 'restoring', 'signedOut.form']);
    const states = screen.getByRole('group', { name: 'States' });
    expect(states.querySelector('[data-state="signedOut.form"]')?.getAttribute('data-active')).toBe('true');
    expect(states.querySelector('[data-state="booting"]')?.getAttribute('data-active')).toBeNull();
  });

  it('speaks Spanish', () => {
    const { actor } = sessionActor();
    renderUi(
      <SessionProvider session={actor}>
        <FlowExplorer initialNow={NOW} />
      </SessionProvider>,
      { path: '/dev/flows', locale: 'es' },
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Explorador de flujos');
    expect(screen.getByRole('combobox', { name: 'Diagrama de estados' })).toBeTruthy();
  });
});
