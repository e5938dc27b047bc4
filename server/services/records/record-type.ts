/**
 * How one kind of record plugs into the transition service (server/services/transitions.ts): its chart,
 * how to read it locked, how its stored columns map to the chart's status and facts, and how an accepted
 * decision is written back. The service does everything else — restore the chart, `decide`, refuse, audit —
 * the same way for every kind. The definitions in this folder are used by the transition service only (a test
 * checks that nothing else imports them), so their writes always come with the chart's decision and an audit row.
 */
import type { AnyStateMachine, ContextFrom, EventFromLogic } from 'xstate';
import type { Decision } from '../../../src/machines/lifecycles/lifecycle';
import type { AuthContext } from '../../auth/context';
import type { Db } from '../../db/client';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event of chart M as a service builds it: the transition service adds `actor` and `now`. */
export type EventInput<M extends AnyStateMachine> = DistributiveOmit<EventFromLogic<M>, 'actor' | 'now'>;
export type Accepted<M extends AnyStateMachine> = Extract<Decision<ContextFrom<M>>, { ok: true }>;

/**
 * Who acts: the event's actor role, and the audit row's user, account and role. A signed-in person (an
 * AuthContext), or the server itself (`SYSTEM_ACTOR`: the billing engine, the schedule) with role 'system'.
 */
export type Actor = Pick<AuthContext, 'userId' | 'accountId' | 'role'> | { readonly userId: null; readonly accountId: null; readonly role: 'system' };

/** What `persist` gets besides the decision: the moment of the change and the operation's other column changes. */
export interface Write<Changes> {
  readonly now: Date;
  readonly changes: Changes | undefined;
}

export interface RecordType<M extends AnyStateMachine, Row, Target, Changes = never, Creation = never> {
  readonly chart: M;
  /** The audit trail's record type ('appointment', 'user', …). */
  readonly recordType: string;
  /** The 404 message when `load` finds nothing. */
  readonly notFoundMessage: string;
  /** Reads the record inside the transaction, locked (SELECT … FOR UPDATE); undefined when it is not there for the caller. */
  readonly load: (tx: Db, target: Target) => Promise<Row | undefined>;
  readonly idOf: (row: Row) => string;
  /** The chart status the row stores. */
  readonly statusOf: (row: Row) => string;
  /** The chart's context (the record's facts) from the row. */
  readonly factsOf: (row: Row) => ContextFrom<M>;
  /** Writes an accepted decision (status and facts, plus `changes`) in the same transaction; answers the row after it. */
  readonly persist: (tx: Db, accepted: Accepted<M>, row: Row, write: Write<Changes>) => Promise<Row>;
  /**
   * True when an accepted event leaves the record as it is (e.g. reading a read notification): nothing is
   * written and no audit row either. Without it every accepted event is written.
   */
  readonly unchanged?: (accepted: Accepted<M>, row: Row) => boolean;
  /**
   * Creation: the chart decides its creation event from `status` (its `new` state, with `facts`), and
   * `insert` writes the new row in the status the chart reached.
   */
  readonly create?: {
    readonly status: string;
    readonly facts: ContextFrom<M>;
    readonly insert: (tx: Db, accepted: Accepted<M>, values: Creation, now: Date) => Promise<Row>;
  };
}

/** Any record type, as the service handles it internally. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRecordType = RecordType<AnyStateMachine, any, any, any, any>;
