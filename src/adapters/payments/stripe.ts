import { Effect } from 'effect';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { CardPaymentMethod } from '../../core/model/billing';
import { cardBrandOf } from '../../core/rules/cards';
import { CardError, type MountedCardField, type PaymentsPort, PaymentsUnavailable } from '../../core/ports/payments';

/**
 * The Stripe payments adapter (a publishable key is configured): Stripe Elements' card field, payment
 * methods made by Stripe.js, and `confirmCardPayment` for a payment that needs authentication.
 * `@stripe/stripe-js` is imported lazily, on the first call — so a screen that does not pay never loads it,
 * and neither does the sandbox path (tests/adapters/payments.test.ts).
 */

type Loader = (publishableKey: string) => Promise<Stripe | null>;

const defaultLoader: Loader = async (publishableKey) => (await import('@stripe/stripe-js')).loadStripe(publishableKey);

interface Field extends MountedCardField {
  readonly element: StripeCardElement;
}

export const createStripePayments = ({ publishableKey, load = defaultLoader }: { publishableKey: string; load?: Loader }): PaymentsPort => {
  let stripe: Promise<Stripe> | undefined;
  const loaded = (): Effect.Effect<Stripe, PaymentsUnavailable> =>
    Effect.tryPromise({
      try: () =>
        (stripe ??= load(publishableKey).then((s) => {
          if (!s) throw new Error('Stripe.js did not load');
          return s;
        })),
      catch: () => {
        stripe = undefined; // the next try loads again
        return new PaymentsUnavailable({ message: 'The card form could not be loaded. Check your connection and try again.' });
      },
    });

  const cardError = (error: { message?: string; code?: string; decline_code?: string }) =>
    new CardError({ message: error.message ?? 'Your card was declined.', code: error.code ?? 'card_error', ...(error.decline_code ? { declineCode: error.decline_code } : {}) });

  return {
    provider: 'stripe',
    mountCardField: (container) =>
      loaded().pipe(
        Effect.map((s): MountedCardField => {
          const element = s.elements().create('card', { hidePostalCode: true });
          element.mount(container as HTMLElement);
          const field: Field = { _tag: 'MountedCardField', element, unmount: () => element.unmount() };
          return field;
        }),
      ),
    createPaymentMethod: (card) =>
      card.kind !== 'field'
        ? Effect.fail(new CardError({ message: 'Stripe takes the card through its own field.', code: 'no_card_field' }))
        : loaded().pipe(
            Effect.flatMap((s) => Effect.promise(() => s.createPaymentMethod({ type: 'card', card: (card.field as Field).element }))),
            Effect.flatMap(({ paymentMethod, error }) => {
              if (error || !paymentMethod) return Effect.fail(cardError(error ?? {}));
              const method: CardPaymentMethod = {
                id: paymentMethod.id,
                brand: cardBrandOf(paymentMethod.card?.brand ?? ''),
                last4: paymentMethod.card?.last4 ?? '',
                exp_month: paymentMethod.card?.exp_month ?? 0,
                exp_year: paymentMethod.card?.exp_year ?? 0,
              };
              return Effect.succeed(method);
            }),
          ),
    confirmAction: (clientSecret) =>
      loaded().pipe(
        Effect.flatMap((s) => Effect.promise(() => s.confirmCardPayment(clientSecret))),
        Effect.flatMap(({ error }) => (error ? Effect.fail(cardError(error)) : Effect.void)),
      ),
  };
};
