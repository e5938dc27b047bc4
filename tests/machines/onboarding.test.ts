import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { authFlowMachines } from '../../src/machines/flows/auth-actors';
import type { OnboardingContext } from '../../src/machines/flows/onboarding.machine';
import { coverageOf, exercise } from '../../tools/machine-graph';
import { model } from './models/onboarding.model';
import { memoryStorage, ok, ports } from './flow-ports';

const steps = exercise(model);
const ctx = (s: AnyMachineSnapshot) => s.context as OnboardingContext;

describe('onboarding chart: model-based paths (xstate/graph)', () => {
  it('exercise every declared transition', () => {
    const report = coverageOf('onboarding', model.machine, steps);
    expect(report.missing.map((t) => `${t.source} --${t.eventLabel}--> ${t.targets.join(',')}`)).toEqual([]);
    expect(report.covered).toBe(report.declared);
  });

  it('asks for a password only after a quick sign-up', () => {
    for (const { from, to } of steps) {
      if (!from.matches('savingLanguage') || to.matches('savingLanguage') || to.matches('language')) continue;
      expect(to.matches('password')).toBe(ctx(from).needsPassword);
    }
  });

  it('never saves a profile without a first name', () => {
    for (const { from, to } of steps) {
      if (from.matches('profile') && to.matches('savingProfile')) expect(ctx(from).draft.first_name.trim()).not.toBe('');
    }
  });
});

describe('onboarding chart with its real actors (in-memory ports)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const flush = () => vi.advanceTimersByTimeAsync(0);

  it('saves names and language with users/update and the first password with users/password/update, then forgets reset_token', async () => {
    const storage = memoryStorage({ reset_token: 'reset' });
    const getUser = ok({ _id: 'u', email: 'pat@example.com', role: 'customer', accounts: [], first_name: 'Pat', last_name: null, account: null });
    const update = ok({});
    const updatePassword = ok({ message: 'Password updated!' });
    const actor = createActor(authFlowMachines(ports({ user: { getUser, update, updatePassword }, storage })).onboarding, { input: { role: 'customer' } });
    actor.start();
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ needsPassword: true, draft: { first_name: 'Pat', last_name: '' } });
    actor.send({ type: 'onboarding.change', values: { last_name: 'Doe' } });
    actor.send({ type: 'onboarding.next' });
    await flush();
    expect(update).toHaveBeenCalledWith({ first_name: 'Pat', last_name: 'Doe' });
    actor.send({ type: 'onboarding.change', values: { language: 'es' } });
    actor.send({ type: 'onboarding.next' });
    await flush();
    expect(update).toHaveBeenLastCalledWith({ language_preference: 'es' });
    expect(actor.getSnapshot().value).toBe('password');
    actor.send({ type: 'onboarding.change', values: { password: 'garden-path', confirmation: 'garden-path' } });
    actor.send({ type: 'onboarding.next' });
    await flush();
    expect(updatePassword).toHaveBeenCalledWith({ password: 'garden-path' });
    expect(storage.values.has('reset_token')).toBe(false);
    expect(actor.getSnapshot().value).toBe('remaining');
  });
});
