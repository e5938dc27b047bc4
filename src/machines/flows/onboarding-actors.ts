import { Effect } from 'effect';
import { fromPromise } from 'xstate';
import type { AccountId, MediaId } from '../../core/model/ids';
import type { UploadContentType } from '../../core/model/media';
import type { PayoutOnboarding } from '../../core/model/payout-onboarding';
import type { Api } from '../../core/ports/api/registry';
import { AGREEMENT_VERSION, INSURANCE_ITEM, SURVEY_QUESTIONS, type PayoutAccountKind, type PayoutDraft } from '../../core/rules/payout-onboarding';
import { runToEnd as run } from '../run-effect';
import { payoutSetupMachine, type SaveRequest } from './payout-setup.machine';

/** The ports the payout-onboarding chart uses. */
export interface OnboardingPorts {
  readonly api: Pick<Api, 'organizations' | 'vendors' | 'affiliates' | 'media'>;
}

type Kind = PayoutAccountKind;

/** The payout-onboarding chart (src/machines/flows/payout-setup.machine.ts) with its real actors. */
export const payoutSetupMachineFrom = ({ api }: OnboardingPorts) => {
  /** Each kind's calls of the steps all kinds share (an affiliate's progress comes with its init). */
  const calls = {
    organization: api.organizations,
    vendor: api.vendors,
    // named one by one: the api's groups may be lazy proxies, whose methods a spread would not copy
    affiliate: {
      onboarding: (id: AccountId) => api.affiliates.init(id).pipe(Effect.map((init) => init.onboarding)),
      onboardingAuthorize: (id: AccountId) => api.affiliates.onboardingAuthorize(id),
      onboardingToken: (id: AccountId, input: Parameters<Api['affiliates']['onboardingToken']>[1]) => api.affiliates.onboardingToken(id, input),
    },
  } satisfies Record<Kind, Pick<Api['vendors'], 'onboarding' | 'onboardingAuthorize' | 'onboardingToken'>>;
  /** finish_setup (each kind answers its own record; the chart only needs it done). */
  const finish = (kind: Kind, id: AccountId): Effect.Effect<void, unknown> =>
    kind === 'organization' ? api.organizations.finishSetup(id).pipe(Effect.asVoid) : kind === 'vendor' ? api.vendors.finishSetup(id).pipe(Effect.asVoid) : api.affiliates.finishSetup(id).pipe(Effect.asVoid);
  const progressOf = (kind: Kind, id: AccountId) => calls[kind].onboarding(id);
  /** The bank account: an organization's or an affiliate's (a vendor has no bank step). */
  const bankAccountOf = (kind: Kind) => (kind === 'affiliate' ? api.affiliates.bankAccount : api.organizations.bankAccount);
  const then = <A, E>(kind: Kind, id: AccountId, effect: Effect.Effect<A, E>) => effect.pipe(Effect.flatMap(() => progressOf(kind, id)));

  /** Uploads the chosen document (purpose document) and answers its media id. */
  const upload = (file: NonNullable<PayoutDraft['document']>) => {
    const described = { name: file.name, type: file.type as UploadContentType, size: file.size };
    return api.media
      .getUploadUrl({ data: { purpose: 'document' }, file: described })
      .pipe(
        Effect.flatMap((ticket) => api.media.upload(ticket, { ...described, body: file.body })),
        Effect.map((media) => media._id as MediaId),
      );
  };

  const save = (request: SaveRequest): Effect.Effect<PayoutOnboarding, unknown> => {
    const { kind, accountId: id } = request;
    if (request.step === 'tick') return then(kind, id, api.vendors.updateChecklist({ item_id: request.itemId, done: request.done, vendor_id: id }));
    const draft = request.draft;
    switch (request.step) {
      case 'business':
        return api.organizations.business(id, {
          business_type: draft.business_type,
          ...(draft.entity_type ? { entity_type: draft.entity_type } : {}),
          tax_id: draft.tax_id.trim(),
        });
      case 'bank':
        return then(
          kind,
          id,
          bankAccountOf(kind)(id, {
            account_holder_name: draft.account_holder_name.trim(),
            account_holder_type: draft.account_holder_type,
            routing_number: draft.routing_number,
            account_number: draft.account_number,
          }),
        );
      case 'document':
        return then(
          kind,
          id,
          upload(draft.document!).pipe(
            Effect.flatMap((media_id) =>
              api.organizations.verificationDocumentData(id, { document_type: 'insurance', media_id, valid_from: draft.valid_from, valid_until: draft.valid_until }),
            ),
          ),
        );
      case 'checklist':
        return then(
          kind,
          id,
          upload(draft.document!).pipe(
            Effect.flatMap((media_id) => api.vendors.updateChecklist({ item_id: INSURANCE_ITEM, done: true, media_id, valid_until: draft.valid_until, vendor_id: id })),
          ),
        );
      case 'agreement':
        return then(kind, id, api.organizations.acceptAgreement(id, { agreement_version: AGREEMENT_VERSION }));
      case 'survey':
        return then(
          kind,
          id,
          api.organizations.survey(id, {
            status: 'open',
            answers: [
              { question: SURVEY_QUESTIONS.referral_source, answer: draft.referral_source },
              { question: SURVEY_QUESTIONS.team_size, answer: draft.team_size.trim() },
            ],
          }),
        );
      default:
        return progressOf(kind, id);
    }
  };

  return payoutSetupMachine.provide({
    actors: {
      loadProgress: fromPromise(({ input }: { input: { readonly kind: Kind; readonly accountId: AccountId } }) => run(progressOf(input.kind, input.accountId))),
      exchangeToken: fromPromise(({ input }: { input: { readonly kind: Kind; readonly accountId: AccountId; readonly code: string; readonly state_key: string } }) =>
        run(calls[input.kind].onboardingToken(input.accountId, { code: input.code, state_key: input.state_key }).pipe(Effect.asVoid)),
      ),
      authorize: fromPromise(({ input }: { input: { readonly kind: Kind; readonly accountId: AccountId } }) => run(calls[input.kind].onboardingAuthorize(input.accountId))),
      saveStep: fromPromise(({ input }: { input: SaveRequest }) => run(save(input))),
      finishSetup: fromPromise(({ input }: { input: { readonly kind: Kind; readonly accountId: AccountId } }) => run(finish(input.kind, input.accountId))),
    },
  });
};

/** What the UI's OnboardingProvider takes (src/ui/shared/Onboarding.tsx). */
export const onboardingMachines = (ports: OnboardingPorts) => ({ flow: payoutSetupMachineFrom(ports) });
