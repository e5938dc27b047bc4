/** The vendor-invite chart (src/machines/features/vendor-invite.machine.ts); the events are in team.fixtures.ts. */
export { inviteModel as model } from './team.fixtures';
