import { useMemo, useReducer } from 'react';
import { useIntl } from 'react-intl';
import { ActorRoles, type ActorRole } from '../../../core/rules/spec-rule';
import { statusesOf } from '../../../machines/lifecycles/lifecycle';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { ChartDiagram } from './ChartDiagram';
import { TransitionsTable } from './ChartTables';
import { chartTransitions, diagramLayout } from './chart-graph';
import type { LifecycleChart } from './charts';
import { EventsPanel } from './EventsPanel';
import { currentMinute, decideAll, explorerReducer, initialExplorerState, type EventDecision } from './explorer-state';
import { FactField } from './FactField';
import styles from './FlowExplorer.module.css';

export interface LifecycleExplorerProps {
  readonly chart: LifecycleChart;
  /** The explorer's starting `event.now` (tests fix it; the current minute otherwise). */
  readonly initialNow?: string | undefined;
}

/**
 * One lifecycle chart, explored: its diagram with the current status, the facts the events carry, every
 * event as `decide` judges it (step the enabled ones, read why the others are blocked), and the steps taken.
 */
export function LifecycleExplorer({ chart, initialNow }: LifecycleExplorerProps) {
  const intl = useIntl();
  const [state, dispatch] = useReducer(explorerReducer, undefined, () => initialExplorerState(chart, initialNow ?? currentMinute()));
  const transitions = useMemo(() => chartTransitions(chart.machine), [chart]);
  const layout = useMemo(() => diagramLayout(chart.machine, transitions), [chart, transitions]);
  const statuses = useMemo(() => statusesOf(chart.machine), [chart]);

  const decisions = decideAll(chart, state);
  const enabledEdges = new Set(decisions.flatMap((d) => (d.decision.ok ? [`${state.status}→${d.decision.to}`] : [])));
  const step = (d: EventDecision) => {
    if (d.decision.ok) dispatch({ type: 'step.applied', decision: d.decision, now: state.now });
  };

  return (
    <div className={styles.lifecycle}>
      <div className={styles.columns}>
        <Card title={intl.formatMessage({ id: 'devFlows.status.title' })} className={styles.statusCard}>
          <p className={styles.status} aria-live="polite">
            <span className={styles.statusLabel}>{intl.formatMessage({ id: 'devFlows.status.current' })}</span>{' '}
            <code className={styles.statusValue} data-testid="dev-flows-status">
              {state.status}
            </code>
          </p>
          <Dropdown
            label={intl.formatMessage({ id: 'devFlows.status.reset' })}
            width={260}
            options={statuses.map((s) => ({ value: s, label: s }))}
            value={state.status}
            onChange={(status) => dispatch({ type: 'status.reset', status })}
          />
          <h3 className={styles.subheading}>{intl.formatMessage({ id: 'devFlows.status.context' })}</h3>
          <pre className={styles.json}>{JSON.stringify(state.facts, null, 2)}</pre>
        </Card>
        <Card title={intl.formatMessage({ id: 'devFlows.diagram.heading' })} className={styles.diagramCard}>
          <ChartDiagram chart={chart.name} layout={layout} current={[state.status]} enabled={enabledEdges} />
        </Card>
      </div>

      <Card title={intl.formatMessage({ id: 'devFlows.facts.title' })}>
        <p className={styles.hint}>{intl.formatMessage({ id: 'devFlows.facts.lead' })}</p>
        <div className={styles.factsGrid}>
          <fieldset className={styles.fieldset}>
            <legend>{intl.formatMessage({ id: 'devFlows.facts.actor' })}</legend>
            <Dropdown
              className={styles.field}
              label={<code>event.actor.role</code>}
              width={240}
              options={ActorRoles.map((role) => ({ value: role, label: role }))}
              value={state.role}
              onChange={(role: ActorRole) => dispatch({ type: 'role.set', role })}
            />
            <FactField
              spec={{ key: 'now', input: 'datetime' }}
              label="event.now"
              value={state.now}
              blank=""
              now={currentMinute()}
              onChange={(value) => dispatch({ type: 'now.set', now: typeof value === 'string' ? value : '' })}
            />
          </fieldset>
          {chart.facts.length > 0 ? (
            <fieldset className={styles.fieldset}>
              <legend>{intl.formatMessage({ id: 'devFlows.facts.context' })}</legend>
              {chart.facts.map((spec) => (
                <FactField
                  key={spec.key}
                  spec={spec}
                  label={`context.${spec.key}`}
                  value={state.facts[spec.key]}
                  blank={spec.nullable ? null : ''}
                  now={state.now}
                  onChange={(value) => dispatch({ type: 'fact.set', key: spec.key, value })}
                />
              ))}
              <Button variant="text" onClick={() => dispatch({ type: 'facts.clear', empty: chart.empty })}>
                {intl.formatMessage({ id: 'devFlows.facts.clear' })}
              </Button>
            </fieldset>
          ) : null}
          {chart.payload.length > 0 ? (
            <fieldset className={styles.fieldset}>
              <legend>{intl.formatMessage({ id: 'devFlows.facts.payload' })}</legend>
              {chart.payload.map((spec) => (
                <FactField
                  key={spec.key}
                  spec={spec}
                  label={`event.${spec.key}`}
                  value={state.payload[spec.key]}
                  blank={undefined}
                  now={state.now}
                  onChange={(value) => dispatch({ type: 'payload.set', key: spec.key, value })}
                />
              ))}
            </fieldset>
          ) : null}
        </div>
      </Card>

      <Card title={intl.formatMessage({ id: 'devFlows.events.title' })}>
        <EventsPanel status={state.status} decisions={decisions} transitions={transitions} eventPayload={chart.eventPayload} onStep={step} />
      </Card>

      <Card
        title={intl.formatMessage({ id: 'devFlows.history.title' })}
        actions={
          state.history.length > 0 ? (
            <Button variant="text" onClick={() => dispatch({ type: 'history.clear' })}>
              {intl.formatMessage({ id: 'devFlows.history.clear' })}
            </Button>
          ) : undefined
        }
      >
        {state.history.length === 0 ? (
          <p className={styles.hint}>{intl.formatMessage({ id: 'devFlows.history.empty' })}</p>
        ) : (
          <ol className={styles.history}>
            {state.history.map((entry, i) => (
              <li key={i} data-history={entry.kind}>
                {entry.kind === 'step' ? (
                  <>
                    <code>{entry.from}</code> → <code>{entry.to}</code>{' '}
                    <span className={styles.hint}>{intl.formatMessage({ id: 'devFlows.history.by' }, { event: entry.event, now: entry.now })}</span>
                  </>
                ) : (
                  intl.formatMessage({ id: 'devFlows.history.reset' }, { status: entry.to })
                )}
              </li>
            ))}
          </ol>
        )}
      </Card>

      <details className={styles.all}>
        <summary>{intl.formatMessage({ id: 'devFlows.table.all' }, { count: transitions.length })}</summary>
        <TransitionsTable chart={chart.name} transitions={transitions} />
      </details>
    </div>
  );
}
