/**
 * Model of the password chart: the four modes (and the `choosing` state restored, so its eventless
 * routing is replayed on the next event), drafts that pass and fail each rule, and every actor outcome.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { PasswordDraft, PasswordMode } from '../../../src/core/rules/auth-flows';
import { emptyPasswordDraft, PasswordModes } from '../../../src/core/rules/auth-flows';
import { passwordMachine, type PasswordContext, type PasswordInput } from '../../../src/machines/flows/password.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { delayedEvents, done, failed, initialSnapshot } from './flow-support';

export const DRAFTS: readonly Partial<PasswordDraft>[] = [
  { username: 'pat@example.com', password: 'garden-path', confirmation: 'garden-path', oldPassword: 'temporary-1' },
  { username: '  ', password: 'garden-path', confirmation: 'garden-path', oldPassword: '' },
  { username: 'pat@example.com', password: 'garden-path', confirmation: 'garden-gate', oldPassword: 'temporary-1' },
  { password: '123', confirmation: '123' },
];

export const INPUTS: readonly PasswordInput[] = [
  { mode: 'request' },
  { mode: 'action', token: 'reset-token' },
  { mode: 'action' },
  { mode: 'temporary', token: 'temporary-token' },
  { mode: 'change' },
];

const chosing = (mode: PasswordMode): AnyMachineSnapshot => {
  const context: PasswordContext = {
    mode,
    token: undefined,
    email: undefined,
    draft: emptyPasswordDraft(),
    fieldErrors: {},
    error: null,
    notice: null,
    handoff: null,
  };
  return passwordMachine.resolveState({ value: 'choosing', context }) as AnyMachineSnapshot;
};

export const passwordEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => [
  ...DRAFTS.map((values) => ({ type: 'password.change', values })),
  { type: 'password.submit' },
  { type: 'password.dismiss' },
  { type: 'password.requestLink' },
  done('lostPassword', { message: 'Check your email for a link to reset your password' }),
  failed('lostPassword', { _tag: 'ApiError', message: 'Too many attempts. Please try again later.', code: 'too_many_requests' }),
  done('loadResetToken', { token: 'reset-token' }),
  done('loadResetToken', {}),
  failed('loadResetToken'),
  done('validateResetToken', { valid: true, tokenType: 'reset', email: 'pat@example.com' }),
  failed('validateResetToken', { _tag: 'ApiError', message: 'Token expired. Please try again.', code: 'login_token_expired' }),
  done('resetPasswordAction', { message: 'New password successfully set' }),
  failed('resetPasswordAction', { _tag: 'ApiError', message: 'Invalid Password: use 6 to 128 characters.', code: 'invalid_password' }),
  done('forgetResetToken'),
  failed('forgetResetToken'),
  done('loadTemporaryToken', { token: 'temporary-token' }),
  done('loadTemporaryToken', {}),
  failed('loadTemporaryToken'),
  done('resetNewPassword', { token: 'session-token', message: 'New password successfully set' }),
  failed('resetNewPassword', { _tag: 'ApiError', message: 'Your temporary password is not correct.', code: 'invalid_old_password' }),
  done('forgetTemporaryToken'),
  failed('forgetTemporaryToken'),
  done('changePassword', { message: 'Password updated!' }),
  failed('changePassword', { _tag: 'ApiError', message: 'Your current password is not correct', code: 'invalid_old_password' }),
  ...delayedEvents(snapshot),
];

export const model: ChartModel = {
  machine: passwordMachine,
  events: passwordEvents,
  starts: () => [...INPUTS.map((input) => initialSnapshot(passwordMachine, input)), ...PasswordModes.map(chosing)],
};
