import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../src/core/ports/errors';
import { INVALID_PHONE_MESSAGE } from '../../src/core/rules/phone';
import { authFlowMachines } from '../../src/machines/flows/auth-actors';
import type { PhoneContext, PhoneInput } from '../../src/machines/flows/phone.machine';
import { coverageOf, exercise } from '../../tools/machine-graph';
import { model } from './models/phone.model';
import { fail, memoryStorage, ok, ports } from './flow-ports';

const steps = exercise(model);
const ctx = (s: AnyMachineSnapshot) => s.context as PhoneContext;
const moved = (a: AnyMachineSnapshot, b: AnyMachineSnapshot) => JSON.stringify(a.value) !== JSON.stringify(b.value);

describe('phone chart: model-based paths (xstate/graph)', () => {
  it('exercise every declared transition', () => {
    const report = coverageOf('phone', model.machine, steps);
    expect(report.missing.map((t) => `${t.source} --${t.eventLabel}--> ${t.targets.join(',')}`)).toEqual([]);
    expect(report.covered).toBe(report.declared);
  });

  it('submits the code exactly when its fourth digit arrives', () => {
    let submitted = 0;
    for (const { from, event, to } of steps) {
      if (!from.matches('entering') || event.type !== 'phone.codeChanged') continue;
      const complete = /^\d{4}$/.test(String(event.code));
      expect(to.matches('confirming'), String(event.code)).toBe(complete);
      if (complete) submitted++;
    }
    expect(submitted).toBeGreaterThan(0);
  });

  it("resends only to a 12-character phone; otherwise 'Invalid phone number format'", () => {
    for (const { from, event, to } of steps) {
      if (!from.matches('entering') || event.type !== 'phone.resend') continue;
      const typed = ctx(from).phone.replace(/\D/g, '');
      const valid = typed.length === 10 || (typed.length === 11 && typed.startsWith('1'));
      expect(to.matches('sending'), ctx(from).phone).toBe(valid);
      if (!valid) expect(ctx(to).error?.message).toBe(INVALID_PHONE_MESSAGE);
    }
  });

  it("a refused code shows the server's reason and clears the field", () => {
    for (const { from, event, to } of steps) {
      if (!from.matches('confirming') || event.type !== 'xstate.error.actor.confirmCode') continue;
      expect(ctx(to).error?.message).toBe('Code verification failed: the code is wrong or has expired.');
      expect(ctx(to).code).toBe('');
      expect(to.matches('entering')).toBe(true);
    }
  });

  it('registration ends signed in (or at /login without a marker); a profile phone ends confirmed', () => {
    const outputs = new Set<string>();
    for (const { from, to } of steps) if (to.status === 'done' && moved(from, to)) outputs.add(`${ctx(to).purpose}:${JSON.stringify(to.output)}`);
    expect([...outputs].sort()).toEqual(
      [
        'profile:{"type":"confirmed"}',
        'profile:{"type":"navigate","to":"/login"}',
        'profile:{"type":"signedIn","token":"session-token","redirectTo":"/"}',
        'registration:{"type":"confirmed"}',
        'registration:{"type":"navigate","to":"/login"}',
        'registration:{"type":"signedIn","token":"session-token","redirectTo":"/"}',
      ].sort(),
    );
  });
});

describe('phone chart with its real actors (in-memory ports)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const flush = () => vi.advanceTimersByTimeAsync(0);
  const start = (input: PhoneInput, p: ReturnType<typeof ports>) => {
    const machines = authFlowMachines(p);
    const actor = createActor(input.purpose === 'profile' ? machines.profilePhone : machines.phone, { input });
    actor.start();
    return actor;
  };

  it('/register/verify/sms without the marker goes to /login', async () => {
    const actor = start({ purpose: 'registration' }, ports({}));
    await flush();
    expect(actor.getSnapshot().output).toEqual({ type: 'navigate', to: '/login' });
  });

  it('confirms with the marker, signs in, and forgets the marker', async () => {
    const storage = memoryStorage({ register_verify_sms: { email: 'sms@tendwell.test', phone_number: '+15555550100' } });
    const confirmAccountCode = ok({ token: 'session', role: 'customer', message: 'Your account is confirmed.' });
    const actor = start({ purpose: 'registration' }, ports({ auth: { confirmAccountCode }, storage }));
    await flush();
    for (const digits of ['1', '12', '123']) actor.send({ type: 'phone.codeChanged', code: digits });
    expect(confirmAccountCode).not.toHaveBeenCalled();
    actor.send({ type: 'phone.codeChanged', code: '1234' });
    await flush();
    expect(confirmAccountCode).toHaveBeenCalledWith({ verification_code: '1234', email: 'sms@tendwell.test' });
    expect(storage.values.has('register_verify_sms')).toBe(false);
    expect(actor.getSnapshot().output).toEqual({ type: 'signedIn', token: 'session', redirectTo: '/' });
  });

  it('keeps the marker when the code is refused', async () => {
    const storage = memoryStorage({ register_verify_sms: { email: 'sms@tendwell.test' } });
    const confirmAccountCode = fail(new ApiError({ message: 'Code verification failed: the code is wrong or has expired.', code: 'code_verification_failed', status: 400 }));
    const actor = start({ purpose: 'registration' }, ports({ auth: { confirmAccountCode }, storage }));
    await flush();
    actor.send({ type: 'phone.codeChanged', code: '0000' });
    await flush();
    expect(actor.getSnapshot().value).toBe('entering');
    expect(storage.values.has('register_verify_sms')).toBe(true);
  });

  it('resends with auth/resend-phone-confirm-account-code to +1 and ten digits', async () => {
    const storage = memoryStorage({ register_verify_sms: { email: 'sms@tendwell.test' } });
    const resendPhoneConfirmAccountCode = ok({ message: 'sent' });
    const actor = start({ purpose: 'registration' }, ports({ auth: { resendPhoneConfirmAccountCode }, storage }));
    await flush();
    actor.send({ type: 'phone.phoneChanged', phone: '555-555-0100' });
    actor.send({ type: 'phone.resend' });
    await flush();
    expect(resendPhoneConfirmAccountCode).toHaveBeenCalledWith({ phone: '+15555550100' });
    expect(actor.getSnapshot().context.target).toEqual({ email: 'sms@tendwell.test', phone: '+15555550100' });
  });

  it('a profile phone uses account/verify-phone and account/confirm-phone', async () => {
    const verifyPhone = ok({ message: 'sent' });
    const confirmPhone = ok({ message: 'Phone confirmed.' });
    const actor = start({ purpose: 'profile', phone: '555-555-0100' }, ports({ account: { verifyPhone, confirmPhone } }));
    await flush();
    actor.send({ type: 'phone.resend' });
    await flush();
    expect(verifyPhone).toHaveBeenCalledWith({ phone: '+15555550100' });
    actor.send({ type: 'phone.codeChanged', code: '4321' });
    await flush();
    expect(confirmPhone).toHaveBeenCalledWith({ phone: '+15555550100', verification_code: '4321' });
    expect(actor.getSnapshot().output).toEqual({ type: 'confirmed' });
  });

  it('a stored number shows in the field masked as typed, and the code still goes to its +1 form', async () => {
    const verifyPhone = ok({ message: 'sent' });
    const actor = start({ purpose: 'profile', phone: '+15555550101' }, ports({ account: { verifyPhone } }));
    await flush();
    expect(actor.getSnapshot().context.phone).toBe('555-555-0101');
    actor.send({ type: 'phone.resend' });
    await flush();
    expect(verifyPhone).toHaveBeenCalledWith({ phone: '+15555550101' });
  });

  it('an account without a phone (its e-mail names it) types one, is sent a code there and confirms it', async () => {
    const verifyPhone = ok({ message: 'sent' });
    const confirmPhone = ok({ message: 'Phone confirmed.' });
    const actor = start({ purpose: 'profile', email: 'vendor@tendwell.test' }, ports({ account: { verifyPhone, confirmPhone } }));
    await flush();
    expect(actor.getSnapshot().value).toBe('entering');
    actor.send({ type: 'phone.phoneChanged', phone: '555-555-0177' });
    actor.send({ type: 'phone.resend' });
    await flush();
    expect(verifyPhone).toHaveBeenCalledWith({ phone: '+15555550177' });
    actor.send({ type: 'phone.codeChanged', code: '4321' });
    await flush();
    expect(confirmPhone).toHaveBeenCalledWith({ phone: '+15555550177', verification_code: '4321' });
    expect(actor.getSnapshot().output).toEqual({ type: 'confirmed' });
  });

  it('a profile with neither phone nor e-mail has nothing to confirm', async () => {
    const actor = start({ purpose: 'profile' }, ports({}));
    await flush();
    expect(actor.getSnapshot().value).toBe('missing');
  });
});
