import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { Refusal } from '../../../machines/lifecycles/lifecycle';
import { Button } from '../../components/Button/Button';
import { Tag } from '../../components/Tag/Tag';
import type { ChartTransition } from './chart-graph';
import type { EventDecision } from './explorer-state';
import styles from './FlowExplorer.module.css';

export interface EventsPanelProps {
  readonly status: string;
  readonly decisions: readonly EventDecision[];
  /** The chart's declared transitions (to mark those the spec makes unreachable). */
  readonly transitions: readonly ChartTransition[];
  /** Payload keys per event, to say what each event carries. */
  readonly eventPayload: Readonly<Record<string, readonly string[]>>;
  readonly onStep: (decision: EventDecision) => void;
}

function RefusalItem({ refusal }: { refusal: Refusal }) {
  const intl = useIntl();
  return (
    <li className={styles.refusal}>
      <span className={styles.refusalHead}>
        {refusal.guard !== null ? (
          <>
            {intl.formatMessage({ id: 'devFlows.refusal.guard' })} <code>{refusal.guard}</code>
          </>
        ) : (
          intl.formatMessage({ id: 'devFlows.refusal.status' })
        )}
        {refusal.rule ? (
          <>
            {' · '}
            <code>{refusal.rule.id}</code>
            {' · '}
            <span className={styles.source}>{refusal.rule.source}</span>
          </>
        ) : null}
      </span>
      {refusal.rule ? <q className={styles.sentence}>{refusal.rule.spec}</q> : null}
    </li>
  );
}

/**
 * Every event of the chart in the current status, as `decide` judges it with the facts set: an enabled
 * event is a button that takes the step; a blocked one shows each refusing guard or status rule with the
 * spec sentence it implements and where that sentence comes from.
 */
export function EventsPanel({ status, decisions, transitions, eventPayload, onStep }: EventsPanelProps) {
  const intl = useIntl();
  const enabledId = useId();
  const blockedId = useId();
  const enabled = decisions.filter((d) => d.decision.ok);
  const blocked = decisions.filter((d) => !d.decision.ok);

  const carries = (type: string) => {
    const keys = eventPayload[type] ?? [];
    return keys.length > 0 ? (
      <span className={styles.carries}>
        {intl.formatMessage({ id: 'devFlows.events.carries' })} {keys.map((k) => `event.${k}`).join(', ')}
      </span>
    ) : null;
  };

  return (
    <div className={styles.events}>
      <h3 id={enabledId} className={styles.subheading}>
        {intl.formatMessage({ id: 'devFlows.events.enabled' }, { count: enabled.length, status })}
      </h3>
      {enabled.length === 0 ? (
        <p className={styles.hint}>{intl.formatMessage({ id: 'devFlows.events.noneEnabled' })}</p>
      ) : (
        <ul aria-labelledby={enabledId} className={styles.eventList}>
          {enabled.map((d) => (
            <li key={d.type} className={styles.eventItem} data-event={d.type} data-enabled="true">
              <Button onClick={() => onStep(d)}>{d.type}</Button>
              <span className={styles.target}>
                {intl.formatMessage({ id: 'devFlows.events.goesTo' })} <code>{d.decision.ok ? d.decision.to : ''}</code>
              </span>
              {carries(d.type)}
            </li>
          ))}
        </ul>
      )}
      <h3 id={blockedId} className={styles.subheading}>
        {intl.formatMessage({ id: 'devFlows.events.blocked' }, { count: blocked.length, status })}
      </h3>
      <ul aria-labelledby={blockedId} className={styles.eventList}>
        {blocked.map((d) => {
          if (d.decision.ok) return null;
          const decision = d.decision;
          const unreachable = transitions.find((t) => t.source === status && t.event === d.type && t.unreachable !== undefined);
          return (
            <li key={d.type} className={styles.eventItem} data-event={d.type} data-blocked={decision.code}>
              <div className={styles.blockedHead}>
                <code className={styles.eventName}>{d.type}</code>
                <Tag tone={decision.code === 'blocked_by_guard' ? 'warning' : 'neutral'}>
                  {intl.formatMessage({ id: `devFlows.code.${decision.code}` }, { status })}
                </Tag>
                {unreachable ? <Tag tone="info">{intl.formatMessage({ id: 'devFlows.events.unreachable' })}</Tag> : null}
                {carries(d.type)}
              </div>
              {decision.blockedBy.length > 0 ? (
                <ul className={styles.refusals} aria-label={intl.formatMessage({ id: 'devFlows.refusal.list' }, { event: d.type })}>
                  {decision.blockedBy.map((r, i) => (
                    <RefusalItem key={`${r.guard ?? 'status'}-${r.rule?.id ?? i}`} refusal={r} />
                  ))}
                </ul>
              ) : null}
              {decision.message ? (
                <p className={styles.userMessage}>{intl.formatMessage({ id: 'devFlows.refusal.message' }, { message: decision.message })}</p>
              ) : null}
              {decision.blockedBy.length > 0 ? (
                <details className={styles.reason}>
                  <summary>{intl.formatMessage({ id: 'devFlows.events.reason' })}</summary>
                  <p>{decision.reason}</p>
                </details>
              ) : (
                <p className={styles.reason}>{decision.reason}</p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
