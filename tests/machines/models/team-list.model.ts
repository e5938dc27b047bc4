/** The team list chart (src/machines/features/team-list.machine.ts); the events are in team.fixtures.ts. */
export { listModel as model } from './team.fixtures';
