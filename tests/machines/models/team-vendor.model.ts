/** The vendor-profile chart (src/machines/features/team-vendor.machine.ts); the events are in team.fixtures.ts. */
export { profileModel as model } from './team.fixtures';
