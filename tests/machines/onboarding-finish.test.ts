/** Issue 8: a customer who skips booking finishes set-up (meta.initialSetup) from the onboarding's last step. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { authFlowMachines } from '../../src/machines/flows/auth-actors';
import { onboardingMachine } from '../../src/machines/flows/onboarding.machine';
import { ok, ports } from './flow-ports';

describe('onboarding: finishing set-up without booking', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const flush = () => vi.advanceTimersByTimeAsync(0);

  const toRemaining = async (role: 'customer' | 'vendor', update = ok({})) => {
    const getUser = ok({ _id: 'u', email: 'pat@example.com', role, accounts: [], first_name: 'Pat', last_name: 'Doe', account: { _id: 'c00000000000000000000001', type: role, primary_email: 'pat@example.com', meta: {}, settings: {} } });
    const p = { ...ports({ user: { getUser, update: ok({}) } }), customers: { update } };
    const actor = createActor(authFlowMachines(p as never).onboarding, { input: { role } }).start();
    await flush();
    actor.send({ type: 'onboarding.next' });
    await flush();
    actor.send({ type: 'onboarding.next' });
    await flush();
    expect(actor.getSnapshot().hasTag('remainingStep')).toBe(true);
    return actor;
  };

  it('a customer who skips sets meta.initialSetup on the customer, and the chart finishes', async () => {
    const update = ok({});
    const actor = await toRemaining('customer', update);
    actor.send({ type: 'onboarding.finish' });
    await flush();
    expect(update).toHaveBeenCalledWith('c00000000000000000000001', { meta: { initialSetup: true, skipOnboarding: true } });
    expect(actor.getSnapshot().hasTag('finished')).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a refused update keeps the customer on the last step with the message', async () => {
    const update = vi.fn(() => ({ _tag: 'x' }));
    const { Effect } = await import('effect');
    const actor = await toRemaining('customer', vi.fn(() => Effect.fail({ _tag: 'ApiError', status: 400, code: 'invalid_request', message: 'Nope' })) as never);
    actor.send({ type: 'onboarding.finish' });
    await flush();
    expect(actor.getSnapshot().matches('remaining')).toBe(true);
    expect(actor.getSnapshot().context.error?.message).toBe('Nope');
    expect(update).not.toHaveBeenCalled();
  });

  it('only a customer may skip this way', () => {
    const vendor = onboardingMachine.resolveState({ value: 'remaining', context: { role: 'vendor', draft: { first_name: '', last_name: '', language: 'en', password: '', confirmation: '' }, needsPassword: false, fieldErrors: {}, error: null, notice: null } });
    expect(vendor.can({ type: 'onboarding.finish' })).toBe(false);
  });
});
