/** The service-area chart (src/machines/features/service-areas.machine.ts); the events are in organization.fixtures.ts. */
export { areasModel as model } from './organization.fixtures';
