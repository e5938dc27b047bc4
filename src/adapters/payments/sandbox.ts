import { Effect } from 'effect';
import { CardPaymentMethod } from '../../core/model/billing';
import { CardError, type PaymentFailure, type PaymentsPort } from '../../core/ports/payments';
import { body, call } from '../http/call';
import type { HttpClient } from '../http/client';

/**
 * The sandbox payments adapter (no publishable key configured): the sandbox card form's details go to
 * `POST /payments/sandbox/payment-methods`, which answers a `pm_sandbox_…` payment method or refuses the
 * card (400) with a clear message, shown as a CardError. Authentication needs no browser step in the
 * sandbox: the server completes it when the payment is confirmed.
 */
export const createSandboxPayments = ({ client }: HttpClient): PaymentsPort => ({
  provider: 'sandbox',
  mountCardField: () => Effect.fail(new CardError({ message: 'The sandbox has its own card form.', code: 'no_card_field' })),
  createPaymentMethod: (card) =>
    card.kind !== 'details'
      ? Effect.fail(new CardError({ message: 'The sandbox takes the typed card details.', code: 'no_card_field' }))
      : call((signal) => client.POST('/payments/sandbox/payment-methods', { body: { ...card.details }, signal }), body(CardPaymentMethod)).pipe(
          Effect.mapError((e): PaymentFailure => (e._tag === 'ApiError' && e.status === 400 ? new CardError({ message: e.message, code: e.code }) : e)),
        ),
  confirmAction: () => Effect.void,
});
