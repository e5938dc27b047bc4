/** The organization profile chart (src/machines/features/organization-area.machine.ts); the events are in organization-area.fixtures.ts. */
export { orgProfileModel as model } from './organization-area.fixtures';
