/** The organization dashboard chart (src/machines/features/organization-dashboard.machine.ts); the events are in organization.fixtures.ts. */
export { dashboardModel as model } from './organization.fixtures';
