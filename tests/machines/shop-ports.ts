/** Fake ports of the shop's actors: a catalogue, a customer with one address and one saved card, and charges scripted per call. */
import { Effect } from 'effect';
import type { QuoteData } from '../../src/core/model/storage';
import type { NewSubscriptionInput } from '../../src/core/model/subscription';
import { ApiError, NetworkError } from '../../src/core/ports/errors';
import { CardError } from '../../src/core/ports/payments';
import type { ShopPorts } from '../../src/machines/features/shop-actors';
import { created, firstVisit, hedge, home, mowing, needsAuth, order, tenOff, visa } from './models/shop.fixtures';

export type Outcome = 'created' | 'needsAuth' | 'declined' | 'offline';

export const fakePorts = (opts: { stored?: QuoteData; charges?: Outcome[]; addresses?: (typeof home)[]; slots?: { start_time: string; end_time: string }[] } = {}) => {
  let stored: QuoteData | undefined = opts.stored;
  const charges = [...(opts.charges ?? ['created'])];
  const calls: { input: NewSubscriptionInput; key: string }[] = [];
  const confirmed: string[] = [];
  let keys = 0;
  const ports: ShopPorts = {
    api: {
      services: {
        get: () => Effect.succeed(mowing),
        list: () => Effect.succeed([mowing, hedge]),
        forOrder: () => Effect.succeed(order),
        zipCodes: () => Effect.succeed([{ zip_code: '78701', time_zone: 'America/Chicago' }]),
        taxRates: () => Effect.succeed({ postalCode: '78701', rate: 8.25, rate_basis_points: 825 }),
        validateCoupon: (code: string) => (code === 'SAVE10' ? Effect.succeed(tenOff) : Effect.fail(new ApiError({ status: 400, code: 'coupon_not_found', message: 'Coupon not found' }))),
      },
      customers: {
        get: () => Effect.succeed({ address: opts.addresses ?? [home] }),
        billingList: () => Effect.succeed([visa]),
        updateBilling: () => Effect.succeed([visa]),
      },
      appointments: {
        availabilityDay: () => (opts.slots ? Effect.succeed({ day: '2026-12-01', slots: opts.slots }) : Effect.fail(new NetworkError({}))),
        get: () => Effect.succeed(firstVisit),
      },
      account: { updateAddress: () => Effect.succeed([home]) },
    } as never,
    checkout: {
      create: (input: NewSubscriptionInput, key: string) => {
          calls.push({ input, key });
          const next = charges.shift() ?? 'created';
          if (next === 'created') return Effect.succeed(created);
          if (next === 'needsAuth') return Effect.succeed(needsAuth);
          if (next === 'offline') return Effect.fail(new NetworkError({}));
          return Effect.fail(new ApiError({ status: 400, code: 'card_declined', message: 'Your card was declined.' }));
        },
    },
    storage: {
      get: (key: string) => Effect.succeed(key === 'quote' ? stored : undefined),
      set: (_key: string, value: QuoteData) => Effect.sync(() => void (stored = value)),
      remove: () => Effect.sync(() => void (stored = undefined)),
    } as never,
    payments: {
      provider: 'sandbox',
      mountCardField: () => Effect.fail(new CardError({ message: 'no', code: 'no_card_field' })),
      createPaymentMethod: (card) =>
        card.kind === 'details' && card.details.number.endsWith('0002')
          ? Effect.fail(new CardError({ message: 'Your card was declined.', code: 'card_declined' }))
          : Effect.succeed({ id: 'pm_sandbox_1', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 }),
      confirmAction: (secret) => Effect.sync(() => void confirmed.push(secret)),
    },
    clock: { now: () => new Date('2026-11-23T12:00:00.000Z') },
    newKey: () => `key-${++keys}`,
  };
  return { ports, calls, confirmed, stored: () => stored };
};

