/**
 * Model of the phone chart: both purposes, with and without a stored marker, codes typed digit by digit
 * up to the fourth, phones of 12 characters (or typed as ten digits) and malformed ones, every actor outcome.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { phoneMachine, type PhoneInput } from '../../../src/machines/flows/phone.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, failed, initialSnapshot } from './flow-support';

export const INPUTS: readonly PhoneInput[] = [{ purpose: 'registration' }, { purpose: 'profile', phone: '555-555-0100' }];

export const CODE_FAILED = {
  _tag: 'ApiError',
  message: 'Code verification failed: the code is wrong or has expired.',
  code: 'code_verification_failed',
  status: 400,
};

export const phoneEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const code = String((snapshot.context as { code: string }).code ?? '');
  return [
    done('loadTarget', { email: 'sms@tendwell.test', phone: '+15555550100' }),
    done('loadTarget', null),
    failed('loadTarget'),
    // the next digit (the fourth completes the code) and a paste of letters
    { type: 'phone.codeChanged', code: code.length < 4 ? `${code}${code.length + 1}` : '1' },
    { type: 'phone.codeChanged', code: 'abcd' },
    { type: 'phone.phoneChanged', phone: '555-555-0199' },
    { type: 'phone.phoneChanged', phone: '12345' },
    { type: 'phone.resend' },
    done('confirmCode', { message: 'Your account is confirmed.', token: 'session-token' }),
    done('confirmCode', { message: 'Phone confirmed.' }),
    failed('confirmCode', CODE_FAILED),
    done('sendCode', { message: 'If this number is waiting for confirmation, a new code is on its way.' }),
    failed('sendCode', { _tag: 'ApiError', message: 'Too many attempts. Please try again later.', code: 'too_many_requests' }),
    done('forgetTarget'),
    failed('forgetTarget'),
  ];
};

export const model: ChartModel = {
  machine: phoneMachine,
  events: phoneEvents,
  starts: () => INPUTS.map((input) => initialSnapshot(phoneMachine, input)),
};
