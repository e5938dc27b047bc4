/** The organization profile chart (src/machines/features/organization-profile.machine.ts); the events are in organization.fixtures.ts. */
export { orgProfileModel as model } from './organization.fixtures';
