import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../src/core/ports/errors';
import { RESET_MESSAGE_MS } from '../../src/core/rules/constants';
import { canSubmitNewPassword } from '../../src/core/rules/password';
import { authFlowMachines } from '../../src/machines/flows/auth-actors';
import type { PasswordContext, PasswordInput } from '../../src/machines/flows/password.machine';
import { coverageOf, exercise } from '../../tools/machine-graph';
import { model } from './models/password.model';
import { fail, memoryStorage, ok, ports } from './flow-ports';

const steps = exercise(model);
const ctx = (s: AnyMachineSnapshot) => s.context as PasswordContext;
const moved = (a: AnyMachineSnapshot, b: AnyMachineSnapshot) => JSON.stringify(a.value) !== JSON.stringify(b.value);

describe('password chart: model-based paths (xstate/graph)', () => {
  it('exercise every declared transition of the four modes', () => {
    const report = coverageOf('password', model.machine, steps);
    expect(report.missing.map((t) => `${t.source} --${t.eventLabel}--> ${t.targets.join(',')}`)).toEqual([]);
    expect(report.covered).toBe(report.declared);
    expect(report.declared).toBeGreaterThan(40);
  });

  it('never sends a new password that breaks the rules of accounts §5', () => {
    for (const { from, to } of steps) {
      const saving = to.matches({ action: 'saving' }) || to.matches({ temporary: 'saving' }) || to.matches({ change: 'saving' });
      if (!saving || !moved(from, to)) continue;
      const { draft } = ctx(from);
      expect(canSubmitNewPassword(draft.password, draft.confirmation)).toBe(true);
      if (!to.matches({ action: 'saving' })) expect(draft.oldPassword).not.toBe('');
    }
  });

  it("shows each mode's confirmation, which vanishes after 4 s", () => {
    const texts = new Set<string>();
    for (const { from, event, to } of steps) {
      if (to.hasTag('notice') && !from.hasTag('notice')) texts.add(ctx(to).notice?.message ?? '');
      if (event.type.startsWith('xstate.after.resetMessage') && from.hasTag('notice') && moved(from, to)) {
        expect(to.hasTag('notice')).toBe(false);
      }
    }
    expect([...texts].sort()).toEqual(['Check your email for a link to reset your password', 'New password successfully set', 'Password updated!']);
  });

  it('ends the e-mailed-link mode at /login and the temporary mode with a session token', () => {
    const outputs = new Set<string>();
    for (const { to } of steps) if (to.status === 'done') outputs.add(JSON.stringify(to.output));
    expect([...outputs].sort()).toEqual([JSON.stringify({ type: 'navigate', to: '/login' }), JSON.stringify({ type: 'signedIn', token: 'session-token' })].sort());
  });

  it('keeps the draft when the server refuses', () => {
    const refusals = new Set<string>();
    for (const { from, event, to } of steps) {
      if (!event.type.startsWith('xstate.error.actor.') || !from.hasTag('busy') || !moved(from, to)) continue;
      if (!to.matches({ action: 'editing' }) && !to.matches({ temporary: 'editing' }) && !to.matches({ change: 'editing' }) && !to.matches({ request: 'editing' })) continue;
      refusals.add(event.type);
      expect(ctx(to).draft).toEqual(ctx(from).draft);
      expect(ctx(to).error).not.toBeNull();
    }
    expect([...refusals].sort()).toEqual(
      ['changePassword', 'lostPassword', 'resetNewPassword', 'resetPasswordAction'].map((id) => `xstate.error.actor.${id}`),
    );
  });
});

describe('password chart with its real actors (in-memory ports)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const flush = () => vi.advanceTimersByTimeAsync(0);
  const start = (input: PasswordInput, p: ReturnType<typeof ports>) => {
    const actor = createActor(authFlowMachines(p).password, { input });
    actor.start();
    return actor;
  };

  it("request: auth/lost-password, then 'Check your email…' for 4 s", async () => {
    const lostPassword = ok({ message: 'Check your email for a link to reset your password' });
    const actor = start({ mode: 'request', username: ' pat@example.com ' }, ports({ auth: { lostPassword } }));
    actor.send({ type: 'password.submit' });
    await flush();
    expect(lostPassword).toHaveBeenCalledWith({ username: 'pat@example.com' });
    expect(actor.getSnapshot().context.notice?.message).toBe('Check your email for a link to reset your password');
    await vi.advanceTimersByTimeAsync(RESET_MESSAGE_MS - 1);
    expect(actor.getSnapshot().context.notice).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('action: keeps the link token under reset_token, checks it, sets the password, forgets the token, then /login', async () => {
    const storage = memoryStorage();
    const validateToken = ok({ valid: true, tokenType: 'reset', email: 'pat@example.com' });
    const resetPasswordAction = ok({ message: 'New password successfully set' });
    const actor = start({ mode: 'action', token: 'link-token' }, ports({ auth: { validateToken, resetPasswordAction }, storage }));
    await flush();
    expect(storage.values.get('reset_token')).toBe('link-token');
    expect(validateToken).toHaveBeenCalledWith({ tokenType: 'reset', token: 'link-token' });
    expect(actor.getSnapshot().context.email).toBe('pat@example.com');
    actor.send({ type: 'password.change', values: { password: 'garden-path', confirmation: 'garden-path' } });
    actor.send({ type: 'password.submit' });
    await flush();
    expect(resetPasswordAction).toHaveBeenCalledWith({ password: 'garden-path', resetToken: 'link-token' });
    expect(storage.values.has('reset_token')).toBe(false);
    expect(actor.getSnapshot().context.notice?.message).toBe('New password successfully set');
    await vi.advanceTimersByTimeAsync(RESET_MESSAGE_MS);
    expect(actor.getSnapshot().output).toEqual({ type: 'navigate', to: '/login' });
  });

  it('action: an expired link is explained', async () => {
    const validateToken = fail(new ApiError({ message: 'Token expired. Please try again.', code: 'login_token_expired', status: 401 }));
    const actor = start({ mode: 'action', token: 'old' }, ports({ auth: { validateToken } }));
    await flush();
    expect(actor.getSnapshot().matches({ action: 'invalid' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Token expired. Please try again.', code: 'login_token_expired' });
  });

  it('temporary: reads temporary_password_reset_token, replaces the password with x-temporary-token and signs in', async () => {
    const storage = memoryStorage({ temporary_password_reset_token: 'temp-token' });
    const resetNewPassword = ok({ token: 'session', message: 'New password successfully set' });
    const actor = start({ mode: 'temporary' }, ports({ auth: { resetNewPassword }, storage }));
    await flush();
    actor.send({ type: 'password.change', values: { oldPassword: 'tendwell-demo', password: 'garden-path', confirmation: 'garden-path' } });
    actor.send({ type: 'password.submit' });
    await flush();
    expect(resetNewPassword).toHaveBeenCalledWith({ password: 'garden-path', oldPassword: 'tendwell-demo', temporaryToken: 'temp-token' });
    expect(storage.values.has('temporary_password_reset_token')).toBe(false);
    expect(actor.getSnapshot().output).toEqual({ type: 'signedIn', token: 'session' });
  });

  it("change: users/password/update, 'Password updated!' for 4 s", async () => {
    const updatePassword = ok({ message: 'Password updated!' });
    const actor = start({ mode: 'change' }, ports({ user: { updatePassword } }));
    actor.send({ type: 'password.change', values: { oldPassword: 'tendwell-demo', password: 'garden-path', confirmation: 'garden-path' } });
    actor.send({ type: 'password.submit' });
    await flush();
    expect(updatePassword).toHaveBeenCalledWith({ password: 'garden-path', oldPassword: 'tendwell-demo' });
    expect(actor.getSnapshot().context.notice?.message).toBe('Password updated!');
    await vi.advanceTimersByTimeAsync(RESET_MESSAGE_MS);
    expect(actor.getSnapshot().matches({ change: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});
