/** The service-area chart (src/machines/features/organization-area.machine.ts); the events are in organization-area.fixtures.ts. */
export { areasModel as model } from './organization-area.fixtures';
