/**
 * The payout-setup chart (the organization's and vendor's onboarding screens): over its model's paths, and with
 * fake actors — coming back from the provider trades the code first; a draft that fails the shared rules is never
 * saved; finishing waits for `can_finish`; a save opens the next step with the server's progress.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { AccountId } from '../../src/core/model/ids';
import type { PayoutOnboarding } from '../../src/core/model/payout-onboarding';
import { businessProblems, documentProblems, maskTaxId, type PayoutAccountKind } from '../../src/core/rules/payout-onboarding';
import { firstOpenStep, payoutSetupMachine, type PayoutSetupContext, type SaveRequest } from '../../src/machines/flows/payout-setup.machine';
import type { ActorRole } from '../../src/core/rules/spec-rule';
import { coverageOf, exercise } from '../../tools/machine-graph';
import { model, PROGRESS_LEFT, PROGRESS_READY, VALID_DRAFT } from './models/payout-setup.model';

const steps = exercise(model);
const ctx = (s: AnyMachineSnapshot) => s.context as PayoutSetupContext;

describe('payout-setup chart: model-based paths (xstate/graph)', () => {
  it('exercises every declared transition', () => {
    const report = coverageOf('payout-setup', model.machine, steps);
    expect(report.missing.map((t) => `${t.source} --${t.eventLabel}--> ${t.targets.join(',')}`)).toEqual([]);
  });

  it('never finishes while something is left', () => {
    for (const { from, to } of steps) if (to.matches('finishing') && !from.matches('finishing')) expect(ctx(from).progress?.can_finish).toBe(true);
  });
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const start = (options: { returned?: boolean; progress?: PayoutOnboarding; saved?: SaveRequest[]; exchanged?: string[] }) => {
  const saved = options.saved ?? [];
  const exchanged = options.exchanged ?? [];
  const machine = payoutSetupMachine.provide({
    actors: {
      loadProgress: fromPromise(async () => options.progress ?? PROGRESS_LEFT),
      exchangeToken: fromPromise(async ({ input }: { input: { readonly kind: PayoutAccountKind; readonly accountId: AccountId; readonly code: string; readonly state_key: string } }) => {
        exchanged.push(input.code);
      }),
      saveStep: fromPromise(async ({ input }: { input: SaveRequest }) => {
        saved.push(input);
        return { ...PROGRESS_LEFT, business_type: 'company', tax_id_last4: '6789' } as PayoutOnboarding;
      }),
      authorize: fromPromise(async () => ({ url: 'https://provider.test/x' })),
      finishSetup: fromPromise(async (): Promise<void> => {}),
    },
  });
  const actor = createActor(machine, {
    input: { kind: 'organization', accountId: 'org1' as AccountId, ...(options.returned ? { returned: { code: 'c1', state_key: 's1' } } : {}) },
  });
  actor.start();
  return { actor, saved, exchanged };
};

describe('payout-setup chart with fake actors', () => {
  it('coming back from the provider trades the code before reading the progress, and says it is connected', async () => {
    const { actor, exchanged } = start({ returned: true, progress: { ...PROGRESS_LEFT, stripe_id: 'acct_1', remaining: ['agreement', 'document'] } as PayoutOnboarding });
    await settle();
    await settle();
    expect(exchanged).toEqual(['c1']);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.notice?.code).toBe('onboarding_connected');
    // the payout account is done: the first open step is the business
    expect(actor.getSnapshot().context.step).toBe('business');
  });

  it('a tax id that fails the rule is never saved; a good one is, and the next step opens', async () => {
    const { actor, saved } = start({});
    await settle();
    actor.send({ type: 'onboarding.goto', step: 'business' });
    actor.send({ type: 'onboarding.change', values: { business_type: 'company', tax_id: '123-45-6789' } });
    actor.send({ type: 'onboarding.save' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ tax_id: 'invalid' });
    expect(saved).toEqual([]);
    actor.send({ type: 'onboarding.change', values: { tax_id: '12-3456789' } });
    actor.send({ type: 'onboarding.save' });
    await settle();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ step: 'business', draft: { tax_id: '12-3456789' } });
    expect(actor.getSnapshot().context.step).toBe('bank');
  });

  it('finishing is refused while something is left, and taken once nothing is', async () => {
    const left = start({});
    await settle();
    left.actor.send({ type: 'onboarding.finish' });
    expect(left.actor.getSnapshot().matches('ready')).toBe(true);
    const ready = start({ progress: PROGRESS_READY });
    await settle();
    ready.actor.send({ type: 'onboarding.finish' });
    await settle();
    expect(ready.actor.getSnapshot().matches('finished')).toBe(true);
  });
});

describe('the onboarding rules the chart and the server share', () => {
  it('masks tax ids as SSN 3-2-4 and EIN 2-7', () => {
    expect(maskTaxId('123456789', 'ssn')).toBe('123-45-6789');
    expect(maskTaxId('12a3456789999', 'ein')).toBe('12-3456789');
  });

  it('an individual gives an SSN or an EIN; a company an EIN', () => {
    expect(businessProblems({ ...VALID_DRAFT, business_type: 'individual', tax_id: '123-45-6789' })).toEqual({});
    expect(businessProblems({ ...VALID_DRAFT, business_type: 'individual', tax_id: '12-3456789' })).toEqual({});
    expect(businessProblems({ ...VALID_DRAFT, business_type: 'company', tax_id: '123-45-6789' })).toEqual({ tax_id: 'invalid' });
    expect(businessProblems({ ...VALID_DRAFT, tax_id: '' })).toEqual({ tax_id: 'required' });
  });

  it('a document needs its file and a validity that has not ended and ends after it starts', () => {
    const file = { name: 'a.pdf', type: 'application/pdf', size: 10, body: new Blob(['x']) };
    expect(documentProblems({ ...VALID_DRAFT, document: file, valid_from: '2030-01-01', valid_until: '2031-01-01' }, false, '2030-06-01')).toEqual({});
    expect(documentProblems({ ...VALID_DRAFT, document: null, valid_from: '2030-01-01', valid_until: '2029-01-01' }, false, '2030-06-01')).toEqual({ document: 'required', valid_until: 'expired' });
    expect(documentProblems({ ...VALID_DRAFT, document: file, valid_from: '2031-06-01', valid_until: '2031-01-01' }, false, '2030-06-01')).toEqual({ valid_until: 'order' });
  });

  it('opens the first step not done', () => {
    expect(firstOpenStep('organization', PROGRESS_LEFT)).toBe('payout');
    expect(firstOpenStep('vendor', { ...PROGRESS_LEFT, stripe_id: 'acct_1' } as PayoutOnboarding)).toBe('checklist');
  });
});

describe('the payout-onboarding lifecycle chart (what the server decides)', () => {
  const as = (role: ActorRole) => ({ actor: { role }, now: '2030-06-15T09:00:00.000Z' });
  it('finishes only when connected and the kind has what it needs', async () => {
    const { payoutOnboardingAt, emptyPayoutOnboarding } = await import('../../src/machines/lifecycles/payout-onboarding.machine');
    expect(payoutOnboardingAt('not_started', { ...emptyPayoutOnboarding, agreementAccepted: true, documentGiven: true }).can({ type: 'onboarding.finish', ...as('organization') })).toBe(false);
    expect(payoutOnboardingAt('connected').can({ type: 'onboarding.finish', ...as('organization') })).toBe(false);
    expect(payoutOnboardingAt('connected', { ...emptyPayoutOnboarding, agreementAccepted: true, documentGiven: true }).can({ type: 'onboarding.finish', ...as('organization') })).toBe(true);
    expect(payoutOnboardingAt('connected', { ...emptyPayoutOnboarding, kind: 'vendor', documentGiven: true }).can({ type: 'onboarding.finish', ...as('vendor') })).toBe(true);
    expect(payoutOnboardingAt('connected', { ...emptyPayoutOnboarding, agreementAccepted: true, documentGiven: true }).can({ type: 'onboarding.finish', ...as('customer') })).toBe(false);
  });

  it('a closed survey cannot change; a bank account waits for the provider account', async () => {
    const { payoutOnboardingAt, emptyPayoutOnboarding } = await import('../../src/machines/lifecycles/payout-onboarding.machine');
    expect(payoutOnboardingAt('connected', { ...emptyPayoutOnboarding, surveyClosed: true }).can({ type: 'onboarding.survey', ...as('organization') })).toBe(false);
    expect(payoutOnboardingAt('linking').can({ type: 'onboarding.bankAccount', ...as('organization') })).toBe(false);
    expect(payoutOnboardingAt('finished').can({ type: 'onboarding.bankAccount', ...as('organization') })).toBe(true);
  });
});
