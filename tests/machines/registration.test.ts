import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../src/core/ports/errors';
import { SMS_VERIFY_PATH } from '../../src/core/rules/login';
import { afterEmailRegistrationPath } from '../../src/core/rules/onboarding';
import { QUICK_REGISTER_CUSTOMER_WAIT_MS, QUICK_REGISTER_WAIT_MS, AFFILIATE_COOKIE_DAYS } from '../../src/core/rules/constants';
import { SIGNUP_KIND_TYPE, isRegistrationFormValid, type SignupKind } from '../../src/core/rules/registration';
import { authFlowMachines } from '../../src/machines/flows/auth-actors';
import { registrationMachine, type RegistrationContext } from '../../src/machines/flows/registration.machine';
import { coverageOf, exercise, type ChartModel } from '../../tools/machine-graph';
import { VALID_FORM, model, registrationEvents } from './models/registration.model';
import { fail, memoryStorage, ok, ports } from './flow-ports';

const steps = exercise(model);
const ctx = (s: AnyMachineSnapshot) => s.context as RegistrationContext;

describe('registration chart: model-based paths (xstate/graph)', () => {
  it('exercise every declared transition', () => {
    const report = coverageOf('registration', model.machine, steps);
    expect(report.missing.map((t) => `${t.source} --${t.eventLabel}--> ${t.targets.join(',')}`)).toEqual([]);
    expect(report.covered).toBe(report.declared);
    expect(report.declared).toBeGreaterThan(20);
  });

  it('a weaker model misses the SMS branch (the coverage can fail)', () => {
    const weaker: ChartModel = {
      ...model,
      events: (s) => registrationEvents(s).filter((e) => !(e.type === 'xstate.done.actor.register' && (e.output as { confirmation?: string }).confirmation === 'sms')),
    };
    const missing = coverageOf('registration', weaker.machine, exercise(weaker)).missing.map((t) => t.source);
    expect(missing).toContain('registering');
    expect(missing).toContain('keepingSmsMarker');
  });

  it('after e-mail registration every type goes to its onboarding route; SMS goes to /register/verify/sms; social to /', () => {
    const seen = new Set<string>();
    for (const { from, to } of steps) {
      if (to.value === from.value) continue;
      const { kind, handoff } = ctx(to);
      if (to.matches('registered') && from.matches('registering')) {
        expect(handoff).toEqual({ type: 'signedIn', token: 'session-token', redirectTo: afterEmailRegistrationPath(SIGNUP_KIND_TYPE[kind]) });
        seen.add(`email:${kind}`);
      }
      if (to.matches('registered') && from.matches('welcoming')) {
        expect(handoff).toEqual({ type: 'signedIn', token: 'session-token', redirectTo: '/customer/onboarding' });
        seen.add(`quick:${kind}`);
      }
      if (to.matches('registered') && from.matches('socialRegistering')) {
        expect(handoff).toEqual({ type: 'signedIn', token: 'social-token', redirectTo: '/' });
        seen.add('social');
      }
      if (to.matches('verifyBySms')) {
        expect(handoff).toEqual({ type: 'navigate', to: SMS_VERIFY_PATH });
        seen.add('sms');
      }
    }
    expect([...seen].sort()).toEqual(
      ['email:affiliate', 'email:customer', 'email:organization', 'quick:customerQuick', 'quick:quick', 'sms', 'social'].sort(),
    );
  });

  it('submits only a valid form, and a refused form names its problems', () => {
    for (const { from, event, to } of steps) {
      if (!from.matches('editing') || event.type !== 'registration.submit') continue;
      const { form, kind, version } = ctx(from);
      const valid = isRegistrationFormValid(form, kind, version);
      expect(to.matches('editing'), `${kind}/${version}`).toBe(!valid);
      if (!valid) expect(Object.keys(ctx(to).fieldErrors).length).toBeGreaterThan(0);
    }
  });

  it('keeps the draft when the server refuses, and shows its message', () => {
    let refusals = 0;
    for (const { from, event, to } of steps) {
      const calling = from.matches('registering') ? 'register' : from.matches('registeringQuick') ? 'registerQuick' : null;
      if (!calling || event.type !== `xstate.error.actor.${calling}`) continue;
      refusals++;
      expect(ctx(to).form).toEqual(ctx(from).form);
      expect(ctx(to).error).toEqual({ message: 'Email already exists', code: 'email_exists' });
      expect(to.matches('editing')).toBe(true);
    }
    expect(refusals).toBeGreaterThan(0);
  });
});

describe('registration chart with its real actors (in-memory ports)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = (kind: SignupKind, search: string, p: ReturnType<typeof ports>) => {
    const actor = createActor(authFlowMachines(p).registration, { input: { kind, search } });
    actor.start();
    return actor;
  };
  const flush = () => vi.advanceTimersByTimeAsync(0);

  it('sets the 365-day referral cookie from aff, stores the quote-set and default-set values, and sends referred_by', async () => {
    const storage = memoryStorage({ quote: { vendor_id: 'v1' } });
    const register = ok({ userData: {}, token: 'tok', confirmation: 'email' });
    const actor = start('customer', '?version=homeSize&aff=GREEN_1&quote_set_home_size=large&default_set_home_size=small&email=pat@example.com', ports({ auth: { register }, storage }));
    await flush();
    expect(storage.cookies.get('aff')).toEqual({ value: 'GREEN_1', options: { days: AFFILIATE_COOKIE_DAYS, sameSite: 'Lax' } });
    expect(storage.values.get('quote')).toEqual({ vendor_id: 'v1', home_size: 'large' });
    expect(storage.values.get('set_default')).toEqual({ home_size: 'small' });
    expect(actor.getSnapshot().context.form.email).toBe('pat@example.com');
    actor.send({ type: 'registration.change', values: { ...VALID_FORM, email: 'pat@example.com', home_size: 'medium' } });
    actor.send({ type: 'registration.submit' });
    await flush();
    expect(storage.values.get('set_default')).toEqual({ home_size: 'medium' });
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ referred_by: 'GREEN_1', version: 'homeSize', type: 'customer', password: 'garden-path' }));
    expect(actor.getSnapshot().output).toEqual({ type: 'signedIn', token: 'tok', redirectTo: '/customer/onboarding' });
  });

  it('sends the stored referral cookie when the page has no aff', async () => {
    const storage = memoryStorage();
    storage.cookies.set('aff', { value: 'GREEN_9', options: { days: 365, sameSite: 'Lax' } });
    const register = ok({ userData: {}, token: 'tok', confirmation: 'email' });
    const actor = start('customer', '', ports({ auth: { register }, storage }));
    await flush();
    actor.send({ type: 'registration.change', values: VALID_FORM });
    actor.send({ type: 'registration.submit' });
    await flush();
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ referred_by: 'GREEN_9' }));
  });

  it("'Email already exists' keeps the draft", async () => {
    const register = fail(new ApiError({ message: 'Email already exists', code: 'email_exists', status: 409 }));
    const actor = start('affiliate', '', ports({ auth: { register } }));
    await flush();
    actor.send({ type: 'registration.change', values: VALID_FORM });
    actor.send({ type: 'registration.submit' });
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.error).toEqual({ message: 'Email already exists', code: 'email_exists' });
    expect(snapshot.context.form).toMatchObject({ email: VALID_FORM.email, password: VALID_FORM.password });
  });

  it('SMS confirmation stores the register_verify_sms marker and goes to /register/verify/sms', async () => {
    const storage = memoryStorage();
    const register = ok({ userData: {}, confirmation: 'sms' });
    const actor = start('customer', '', ports({ auth: { register }, storage }));
    await flush();
    actor.send({ type: 'registration.change', values: { ...VALID_FORM, account_confirmation_method: 'sms' } });
    actor.send({ type: 'registration.submit' });
    await flush();
    expect(storage.values.get('register_verify_sms')).toEqual({ email: 'pat@example.com', phone_number: '+15551234567' });
    expect(actor.getSnapshot().output).toEqual({ type: 'navigate', to: '/register/verify/sms' });
  });

  it.each([
    ['quick', QUICK_REGISTER_WAIT_MS],
    ['customerQuick', QUICK_REGISTER_CUSTOMER_WAIT_MS],
  ] as const)('%s sign-up keeps the reset token and waits %i ms before signing in', async (kind, wait) => {
    const storage = memoryStorage();
    const registerQuick = ok({ id_token: 'id-tok', reset_token: 'reset-tok', message: 'Welcome' });
    const actor = start(kind, '', ports({ auth: { registerQuick }, storage }));
    await flush();
    actor.send({ type: 'registration.change', values: VALID_FORM });
    actor.send({ type: 'registration.submit' });
    await flush();
    expect(storage.values.get('reset_token')).toBe('reset-tok');
    expect(actor.getSnapshot().hasTag('welcome')).toBe(true);
    expect(registerQuick.mock.calls[0]![0]).not.toHaveProperty('password');
    await vi.advanceTimersByTimeAsync(wait - 1);
    expect(actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().output).toEqual({ type: 'signedIn', token: 'id-tok', redirectTo: '/customer/onboarding' });
  });

  it('social registration signs in and goes to /', async () => {
    const altRegister = ok({ id_token: 'social-tok' });
    const actor = start('customer', '', ports({ auth: { altRegister } }));
    await flush();
    actor.send({ type: 'registration.social', provider: 'google', credential: 'dev:pat@example.com:Pat Doe' });
    await flush();
    expect(altRegister).toHaveBeenCalledWith(expect.objectContaining({ provider: 'google', credential: 'dev:pat@example.com:Pat Doe', type: 'customer' }));
    expect(actor.getSnapshot().output).toEqual({ type: 'signedIn', token: 'social-tok', redirectTo: '/' });
  });

  it('a storage failure does not block sign-up', async () => {
    const broken = memoryStorage();
    const p = ports({ storage: { ...broken, getCookie: () => { throw new Error('cookies disabled'); } } as never });
    const actor = createActor(registrationMachine.provide(authFlowMachines(p).registration.implementations), { input: { kind: 'customer' } });
    actor.start();
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    await waitFor(actor, (s) => s.matches('editing'));
  });
});
