import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { Vendor } from '../../core/model/vendor';
import { inviteProblems, type InviteField, type InviteInput, type InviteProblem } from '../../core/rules/team';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * Inviting a vendor to the organization's team (/organization/vendor/new): `editing` → `team.invite {input}` → the
 * core rule checks the fields (problems stay in `editing`, nothing sent) → `sending` (tag `busy`) → `sent` with the
 * new vendor, or back to `editing` with the server's refusal ('Max vendors for your organization has been reached',
 * 'Email already exists'). `team.again` starts a new invitation.
 */
export interface InviteContext {
  readonly organizationId: AccountId;
  readonly problems: Partial<Record<InviteField, InviteProblem>>;
  readonly error: FlowMessage | null;
  readonly vendor: Vendor | null;
}

export type InviteEvent = { readonly type: 'team.invite'; readonly input: InviteInput } | { readonly type: 'team.again' };

const hasProblems = (input: InviteInput) => Object.keys(inviteProblems(input)).length > 0;

export const vendorInviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
    input: {} as { readonly organizationId: AccountId },
  },
  actors: {
    /** POST organization/{id}/vendors: the vendor account is created and its claim link e-mailed. */
    invite: fromPromise<Vendor, { readonly organizationId: AccountId; readonly input: InviteInput }>(notProvided('invite')),
  },
  guards: {
    hasProblems: ({ event }) => event.type === 'team.invite' && hasProblems(event.input),
  },
  actions: {
    takeProblems: assign(({ event }) => (event.type === 'team.invite' ? { problems: inviteProblems(event.input), error: null } : {})),
    startSending: assign({ problems: {}, error: null }),
    takeVendor: assign((_, vendor: Vendor) => ({ vendor })),
    refused: assign((_, error: unknown) => ({ error: failureOf(error) })),
    reset: assign({ problems: {}, error: null, vendor: null }),
  },
}).createMachine({
  id: 'vendorInvite',
  description: 'Inviting a vendor by e-mail to the organization.',
  context: ({ input }) => ({ organizationId: input.organizationId, problems: {}, error: null, vendor: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'team.invite': [{ guard: 'hasProblems', actions: 'takeProblems' }, { target: 'sending', actions: 'startSending' }],
      },
    },
    sending: {
      tags: ['editing', 'busy'],
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context, event }) => ({
          organizationId: context.organizationId,
          input:
            event.type === 'team.invite'
              ? { first_name: event.input.first_name.trim(), last_name: event.input.last_name.trim(), email: event.input.email.trim() }
              : { first_name: '', last_name: '', email: '' },
        }),
        onDone: { target: 'sent', actions: { type: 'takeVendor', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'refused', params: errorOf } },
      },
    },
    sent: { tags: ['sent'], on: { 'team.again': { target: 'editing', actions: 'reset' } } },
  },
});

export type VendorInviteActor = ActorRefFrom<typeof vendorInviteMachine>;
type InviteSnapshot = SnapshotFrom<typeof vendorInviteMachine>;
export const selectInviteMode = (s: InviteSnapshot): 'editing' | 'sending' | 'sent' => (s.hasTag('sent') ? 'sent' : s.hasTag('busy') ? 'sending' : 'editing');
export const selectInviteProblems = (s: InviteSnapshot) => s.context.problems;
export const selectInviteError = (s: InviteSnapshot): FlowMessage | null => s.context.error;
export const selectInvited = (s: InviteSnapshot): Vendor | null => s.context.vendor;
