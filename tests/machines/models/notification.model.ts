import type { AnyEventObject } from 'xstate';
import { notificationMachine } from '../../../src/machines/lifecycles/notification.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, withActors } from './support';

export const notificationEvents = (): AnyEventObject[] =>
  withActors(['customer'], [T], [{ type: 'notification.read' }, { type: 'notification.unread' }, { type: 'notification.dismiss' }]);

export const model: ChartModel = { machine: notificationMachine, events: notificationEvents };
