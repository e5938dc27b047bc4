import { assign, fromPromise, setup } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { PayoutOnboarding } from '../../core/model/payout-onboarding';
import {
  bankAccountProblems,
  businessProblems,
  documentProblems,
  onboardingStepsOf,
  type OnboardingStep,
  type PayoutAccountKind,
  type PayoutDraft,
  type PayoutFieldErrors,
} from '../../core/rules/payout-onboarding';
import { errorOf, failureOf, notProvided, type FlowMessage } from './auth-flow-support';

/**
 * The payout onboarding of an organization, a vendor or an affiliate (issue 11; /organization/onboarding,
 * /vendor/onboarding, /affiliate/onboarding):
 *
 * - `loading` reads where it stands (GET …/onboarding; an affiliate's comes with affiliate/{id}/init). Coming back from the provider's onboarding with
 *   `{ code, state_key }` in the address, `exchanging` first trades them for the connected account (…/onboarding/token).
 * - `ready` shows one step at a time; `onboarding.goto` opens any step (what is left is listed, nothing forces an
 *   order). `onboarding.save` checks the step's draft (the shared rules) and saves it (`saving`, actor `saveStep`),
 *   then shows the next step with the progress the server answered.
 * - `onboarding.connect` asks for the provider link (`authorizing`); in `redirecting` the view links to it (the
 *   browser leaves for the provider's page and comes back here).
 * - `onboarding.finish` (allowed once nothing is left: `can_finish`) sets the account up (`finishing`); `finished`
 *   is where the view reloads the session, whose gate moves on (an organization to pending approval, a vendor or an
 *   affiliate home).
 */

export interface PayoutSetupInput {
  readonly kind: PayoutAccountKind;
  readonly accountId: AccountId;
  /** The provider sent the browser back with these (the onboarding route's query). */
  readonly returned?: { readonly code: string; readonly state_key: string } | undefined;
  /** The provider's page was left with Cancel. */
  readonly cancelled?: boolean | undefined;
}

export interface PayoutSetupContext {
  readonly kind: PayoutAccountKind;
  readonly accountId: AccountId;
  readonly returned: PayoutSetupInput['returned'];
  readonly progress: PayoutOnboarding | null;
  readonly step: OnboardingStep;
  readonly draft: PayoutDraft;
  readonly fieldErrors: PayoutFieldErrors;
  readonly error: FlowMessage | null;
  readonly notice: FlowMessage | null;
  /** The provider's onboarding address once authorized. */
  readonly redirectTo: string | null;
}

export type PayoutSetupEvent =
  | { readonly type: 'onboarding.goto'; readonly step: OnboardingStep }
  | { readonly type: 'onboarding.change'; readonly values: Partial<PayoutDraft> }
  | { readonly type: 'onboarding.save' }
  | { readonly type: 'onboarding.connect' }
  | { readonly type: 'onboarding.finish' }
  /** The vendor ticks (or unticks) a checklist item that needs no document. */
  | { readonly type: 'onboarding.tick'; readonly itemId: string; readonly done: boolean };

/** What the `saveStep` actor does: the step and its draft (or a checklist tick). */
export type SaveRequest =
  | { readonly kind: PayoutAccountKind; readonly accountId: AccountId; readonly step: OnboardingStep; readonly draft: PayoutDraft }
  | { readonly kind: 'vendor'; readonly accountId: AccountId; readonly step: 'tick'; readonly itemId: string; readonly done: boolean };

export const emptyPayoutDraft = (): PayoutDraft => ({
  business_type: 'company',
  entity_type: '',
  tax_id: '',
  account_holder_name: '',
  account_holder_type: 'company',
  routing_number: '',
  account_number: '',
  document: null,
  valid_from: '',
  valid_until: '',
  agreed: false,
  referral_source: '',
  team_size: '',
});

/** An affiliate is a person: its bank account is an individual's until it says otherwise. */
const draftFor = (kind: PayoutAccountKind): PayoutDraft =>
  kind === 'affiliate' ? { ...emptyPayoutDraft(), business_type: 'individual', account_holder_type: 'individual' } : emptyPayoutDraft();

/** The draft as the progress fills it (names and types the server already has). */
const draftFrom = (draft: PayoutDraft, progress: PayoutOnboarding): PayoutDraft => ({
  ...draft,
  business_type: progress.business_type ?? draft.business_type,
  entity_type: progress.entity_type ?? draft.entity_type,
  account_holder_name: draft.account_holder_name || progress.bank_account?.account_holder_name || progress.name || '',
  account_holder_type: progress.bank_account?.account_holder_type ?? progress.business_type ?? draft.account_holder_type,
  agreed: draft.agreed || Boolean(progress.agreement_accepted_at),
  valid_from: draft.valid_from || progress.verification_document?.valid_from || '',
  valid_until: draft.valid_until || progress.verification_document?.valid_until || '',
});

/** The first step that is not done yet (the finish step when everything is). */
export const firstOpenStep = (kind: PayoutAccountKind, progress: PayoutOnboarding): OnboardingStep =>
  onboardingStepsOf(kind).find((step) => !isStepDone(step, progress)) ?? 'finish';

/** Whether the server has what a step asks for. */
export const isStepDone = (step: OnboardingStep, progress: PayoutOnboarding): boolean => {
  switch (step) {
    case 'payout':
      return Boolean(progress.stripe_id);
    case 'business':
      return Boolean(progress.business_type && progress.tax_id_last4);
    case 'bank':
      return Boolean(progress.bank_account);
    case 'document':
      return !progress.remaining.includes('document');
    case 'agreement':
      return Boolean(progress.agreement_accepted_at);
    case 'survey':
      return progress.survey_status !== 'draft';
    case 'checklist':
      return progress.checklist?.complete === true;
    case 'finish':
      return progress.initial_setup;
  }
};

const nextStep = (kind: PayoutAccountKind, step: OnboardingStep): OnboardingStep => {
  const steps = onboardingStepsOf(kind);
  return steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)] ?? 'finish';
};

const problemsOf = (step: OnboardingStep, draft: PayoutDraft): PayoutFieldErrors => {
  switch (step) {
    case 'business':
      return businessProblems(draft);
    case 'bank':
      return bankAccountProblems(draft);
    case 'document':
    case 'checklist':
      return documentProblems(draft, step === 'checklist');
    case 'agreement':
      return draft.agreed ? {} : { agreed: 'required' };
    default:
      return {};
  }
};

export const payoutSetupMachine = setup({
  types: {
    context: {} as PayoutSetupContext,
    events: {} as PayoutSetupEvent,
    input: {} as PayoutSetupInput,
  },
  actors: {
    /** GET organization/{id}/onboarding or vendors/{id}/onboarding. */
    loadProgress: fromPromise<PayoutOnboarding, { readonly kind: PayoutAccountKind; readonly accountId: AccountId }>(notProvided('loadProgress')),
    /** POST …/onboarding/token { code, state_key }: the connected account becomes settings.stripe_id. */
    exchangeToken: fromPromise<void, { readonly kind: PayoutAccountKind; readonly accountId: AccountId; readonly code: string; readonly state_key: string }>(
      notProvided('exchangeToken'),
    ),
    /** GET …/onboarding/authorize: the provider's onboarding address. */
    authorize: fromPromise<{ readonly url: string }, { readonly kind: PayoutAccountKind; readonly accountId: AccountId }>(notProvided('authorize')),
    /** Saves one step (business, bank_account, the document upload and verification_document_data, accept_agreement, survey, checklist) and answers the progress after it. */
    saveStep: fromPromise<PayoutOnboarding, SaveRequest>(notProvided('saveStep')),
    /** PUT …/finish_setup. */
    finishSetup: fromPromise<void, { readonly kind: PayoutAccountKind; readonly accountId: AccountId }>(notProvided('finishSetup')),
  },
  guards: {
    hasReturned: ({ context }) => context.returned !== undefined,
    isDraftValid: ({ context }) => Object.keys(problemsOf(context.step, context.draft)).length === 0,
    canFinish: ({ context }) => context.progress?.can_finish === true,
    isKnownStep: ({ context, event }) => event.type === 'onboarding.goto' && onboardingStepsOf(context.kind).includes(event.step),
  },
  actions: {
    keepProgress: assign(({ context }, progress: PayoutOnboarding) => ({ progress, draft: draftFrom(context.draft, progress) })),
    openFirstStep: assign(({ context }) => ({ step: context.progress ? firstOpenStep(context.kind, context.progress) : context.step })),
    openNextStep: assign(({ context }) => ({ step: nextStep(context.kind, context.step) })),
    openStep: assign(({ event }) => (event.type === 'onboarding.goto' ? { step: event.step, fieldErrors: {}, error: null, notice: null } : {})),
    edit: assign(({ context, event }) => {
      if (event.type !== 'onboarding.change') return {};
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([field]) => !(field in event.values)));
      return { draft: { ...context.draft, ...event.values }, fieldErrors, error: null };
    }),
    showProblems: assign(({ context }) => ({ fieldErrors: problemsOf(context.step, context.draft), error: null, notice: null })),
    startSave: assign({ fieldErrors: {}, error: null, notice: null }),
    confirmSaved: assign({ notice: { message: 'Saved', code: 'onboarding_saved' } }),
    confirmConnected: assign({ notice: { message: 'Payout account connected', code: 'onboarding_connected' }, returned: undefined }),
    forgetReturn: assign({ returned: undefined }),
    showFailure: assign((_, error: unknown) => ({ error: failureOf(error) })),
    keepRedirect: assign((_, link: { readonly url: string }) => ({ redirectTo: link.url })),
    forgetRedirect: assign({ redirectTo: null }),
  },
}).createMachine({
  id: 'payoutSetup',
  description: 'Payout onboarding of an organization, vendor or affiliate: the provider account (link and return), the details, finishing.',
  context: ({ input }) => ({
    kind: input.kind,
    accountId: input.accountId,
    returned: input.returned,
    progress: null,
    step: 'payout',
    draft: draftFor(input.kind),
    fieldErrors: {},
    error: null,
    notice: input.cancelled ? { message: 'Payout account not connected', code: 'onboarding_cancelled' } : null,
    redirectTo: null,
  }),
  initial: 'routing',
  states: {
    routing: {
      always: [{ guard: 'hasReturned', target: 'exchanging' }, { target: 'loading' }],
    },
    exchanging: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'exchangeToken',
        src: 'exchangeToken',
        input: ({ context }) => ({ kind: context.kind, accountId: context.accountId, code: context.returned?.code ?? '', state_key: context.returned?.state_key ?? '' }),
        onDone: { target: 'loading', actions: 'confirmConnected' },
        onError: { target: 'loading', actions: [{ type: 'showFailure', params: errorOf }, 'forgetReturn'] },
      },
    },
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadProgress',
        src: 'loadProgress',
        input: ({ context }) => ({ kind: context.kind, accountId: context.accountId }),
        onDone: { target: 'ready', actions: [{ type: 'keepProgress', params: ({ event }) => event.output }, 'openFirstStep'] },
        onError: { target: 'failed', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'onboarding.goto': { target: 'loading' } },
    },
    ready: {
      tags: ['step'],
      on: {
        'onboarding.goto': { guard: 'isKnownStep', actions: 'openStep' },
        'onboarding.change': { actions: 'edit' },
        'onboarding.save': [{ guard: 'isDraftValid', target: 'saving', actions: 'startSave' }, { actions: 'showProblems' }],
        'onboarding.tick': { target: 'ticking', actions: 'startSave' },
        'onboarding.connect': { target: 'authorizing', actions: 'startSave' },
        'onboarding.finish': { guard: 'canFinish', target: 'finishing', actions: 'startSave' },
      },
    },
    saving: {
      tags: ['busy', 'step'],
      invoke: {
        id: 'saveStep',
        src: 'saveStep',
        input: ({ context }) => ({ kind: context.kind, accountId: context.accountId, step: context.step, draft: context.draft }),
        onDone: { target: 'ready', actions: [{ type: 'keepProgress', params: ({ event }) => event.output }, 'confirmSaved', 'openNextStep'] },
        onError: { target: 'ready', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    ticking: {
      tags: ['busy', 'step'],
      invoke: {
        id: 'tickItem',
        src: 'saveStep',
        input: ({ context, event }) =>
          event.type === 'onboarding.tick'
            ? { kind: 'vendor' as const, accountId: context.accountId, step: 'tick' as const, itemId: event.itemId, done: event.done }
            : { kind: context.kind, accountId: context.accountId, step: context.step, draft: context.draft },
        onDone: { target: 'ready', actions: [{ type: 'keepProgress', params: ({ event }) => event.output }, 'confirmSaved'] },
        onError: { target: 'ready', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    authorizing: {
      tags: ['busy', 'step'],
      invoke: {
        id: 'authorize',
        src: 'authorize',
        input: ({ context }) => ({ kind: context.kind, accountId: context.accountId }),
        onDone: { target: 'redirecting', actions: { type: 'keepRedirect', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    redirecting: {
      tags: ['step', 'redirecting'],
      description: "The view links to the provider's onboarding (context.redirectTo); the browser comes back to this route. Another step forgets the link.",
      on: { 'onboarding.goto': { guard: 'isKnownStep', target: 'ready', actions: ['openStep', 'forgetRedirect'] } },
    },
    finishing: {
      tags: ['busy', 'step'],
      invoke: {
        id: 'finishSetup',
        src: 'finishSetup',
        input: ({ context }) => ({ kind: context.kind, accountId: context.accountId }),
        onDone: { target: 'finished' },
        onError: { target: 'ready', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    finished: {
      tags: ['finished'],
      type: 'final',
      description: 'Set up: the view reloads the session; its gate moves an organization to pending approval, a vendor to /vendor, an affiliate to /affiliate/dashboard.',
    },
  },
});

export type PayoutSetupMachine = typeof payoutSetupMachine;
