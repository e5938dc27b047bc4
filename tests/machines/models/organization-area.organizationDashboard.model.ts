/** The organization dashboard chart (src/machines/features/organization-area.machine.ts); the events are in organization-area.fixtures.ts. */
export { dashboardModel as model } from './organization-area.fixtures';
