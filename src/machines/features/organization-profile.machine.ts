import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { Organization } from '../../core/model/organization';
import { addressProblems, contactProblems, detailsProblems, type AddressDraft, type ContactDraft, type DetailsDraft, type Problems } from '../../core/rules/organization-profile';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * The organization's profile (the business sections of /organization/profile): `loading` → `ready` with the
 * organization (its business phone, address, contacts), or `failed` until `profile.retry`. `profile.apply {command}`
 * — the details, the address, a contact added or changed, a contact deleted — is checked by the core rule
 * (src/core/rules/organization-profile.ts: problems stay in `ready`, nothing sent), then `applying` (tag `busy`) comes
 * back to `ready` with the organization after the change (`saved` names what was saved) or the refusal.
 */
export type ProfileCommand =
  | ({ readonly kind: 'details' } & DetailsDraft)
  | { readonly kind: 'address'; readonly address_id?: string; readonly address: AddressDraft }
  | ({ readonly kind: 'contact'; readonly contact_id?: string } & ContactDraft)
  | { readonly kind: 'deleteContact'; readonly contact_id: string };

export type ProfileForm = ProfileCommand['kind'];

export interface OrgProfileContext {
  readonly organizationId: AccountId;
  readonly organization: Organization | null;
  /** The problems of the form last sent, with which form it was. */
  readonly problems: { readonly form: ProfileForm; readonly fields: Problems } | null;
  readonly error: { readonly form: ProfileForm; readonly message: FlowMessage } | null;
  readonly saved: ProfileForm | null;
  /** The form being sent. */
  readonly pending: ProfileForm | null;
}

export type OrgProfileEvent = { readonly type: 'profile.apply'; readonly command: ProfileCommand } | { readonly type: 'profile.retry' };

/** The problems of a command, by field; empty when it may be sent. */
export const commandProblems = (command: ProfileCommand): Problems =>
  command.kind === 'details'
    ? detailsProblems(command)
    : command.kind === 'address'
      ? addressProblems(command.address)
      : command.kind === 'contact'
        ? contactProblems(command)
        : {};

export const organizationProfileMachine = setup({
  types: {
    context: {} as OrgProfileContext,
    events: {} as OrgProfileEvent,
    input: {} as { readonly organizationId: AccountId },
  },
  actors: {
    /** GET organization/{id}/init: the organization with its phone, address and contacts. */
    load: fromPromise<Organization, { readonly organizationId: AccountId }>(notProvided('load')),
    /** updateOrganization, account/update-address, update-contact or delete-contact; answers the organization after it. */
    apply: fromPromise<Organization, { readonly organizationId: AccountId; readonly command: ProfileCommand }>(notProvided('apply')),
  },
  guards: {
    hasProblems: ({ event }) => event.type === 'profile.apply' && Object.keys(commandProblems(event.command)).length > 0,
  },
  actions: {
    takeOrganization: assign((_, organization: Organization) => ({ organization, error: null })),
    loadFailed: assign((_, error: unknown) => ({ error: { form: 'details' as const, message: failureOf(error) } })),
    takeProblems: assign(({ event }) =>
      event.type === 'profile.apply' ? { problems: { form: event.command.kind, fields: commandProblems(event.command) }, error: null, saved: null } : {},
    ),
    startApplying: assign(({ event }) => ({ problems: null, error: null, saved: null, pending: event.type === 'profile.apply' ? event.command.kind : null })),
    applied: assign(({ context }) => ({ saved: context.pending, pending: null })),
    refused: assign(({ context }, error: unknown) => ({ error: { form: context.pending ?? 'details', message: failureOf(error) }, pending: null })),
  },
}).createMachine({
  id: 'organizationProfile',
  description: "The organization's business details, address and contacts.",
  context: ({ input }) => ({ organizationId: input.organizationId, organization: null, problems: null, error: null, saved: null, pending: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: { target: 'ready', actions: { type: 'takeOrganization', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    ready: {
      tags: ['ready'],
      on: { 'profile.apply': [{ guard: 'hasProblems', actions: 'takeProblems' }, { target: 'applying', actions: 'startApplying' }] },
    },
    applying: {
      tags: ['ready', 'busy'],
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context, event }) => ({
          organizationId: context.organizationId,
          command: event.type === 'profile.apply' ? event.command : ({ kind: 'deleteContact', contact_id: '' } as const),
        }),
        onDone: { target: 'ready', actions: [{ type: 'takeOrganization', params: ({ event }) => event.output }, 'applied'] },
        onError: { target: 'ready', actions: { type: 'refused', params: errorOf } },
      },
    },
    failed: { tags: ['error'], on: { 'profile.retry': 'loading' } },
  },
});

export type OrganizationProfileActor = ActorRefFrom<typeof organizationProfileMachine>;
type OrgProfileSnapshot = SnapshotFrom<typeof organizationProfileMachine>;
export const selectProfileMode = (s: OrgProfileSnapshot): 'loading' | 'error' | 'applying' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : s.hasTag('busy') ? 'applying' : 'ready';
export const selectOrganization = (s: OrgProfileSnapshot): Organization | null => s.context.organization;
export const selectProfileProblems = (s: OrgProfileSnapshot) => s.context.problems;
export const selectProfileError = (s: OrgProfileSnapshot) => s.context.error;
export const selectProfileSaved = (s: OrgProfileSnapshot): ProfileForm | null => s.context.saved;
export const selectProfilePending = (s: OrgProfileSnapshot): ProfileForm | null => s.context.pending;
