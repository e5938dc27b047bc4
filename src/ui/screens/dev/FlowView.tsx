import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { StateValue } from 'xstate';
import { useSession } from '../../app/session-context';
import { Card } from '../../components/Card/Card';
import { Tag } from '../../components/Tag/Tag';
import { ChartDiagram } from './ChartDiagram';
import { StatesTree, TransitionsTable } from './ChartTables';
import { activePaths, chartStates, chartTransitions, diagramLayout, leafPaths, topOf } from './chart-graph';
import type { FlowChart } from './charts';
import styles from './FlowExplorer.module.css';

/** The most recent state changes the live view keeps. */
export const LIVE_LOG_SIZE = 25;

interface FlowDetailsProps {
  readonly chart: FlowChart;
  /** The running chart's state value; undefined for a chart shown without a running instance. */
  readonly value?: StateValue | undefined;
}

/** A flow chart, read-only: its diagram (top-level states), its states and every declared transition. */
function FlowDetails({ chart, value }: FlowDetailsProps) {
  const intl = useIntl();
  const transitions = useMemo(() => chartTransitions(chart.machine), [chart]);
  const layout = useMemo(() => diagramLayout(chart.machine, transitions), [chart, transitions]);
  const nested = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const s of chartStates(chart.machine)) if (s.depth > 1) counts[topOf(s.path)] = (counts[topOf(s.path)] ?? 0) + 1;
    return counts;
  }, [chart]);
  const active = value === undefined ? undefined : new Set(activePaths(value));
  const current = value === undefined ? [] : [...new Set(leafPaths(value).map(topOf))];

  return (
    <>
      <Card title={intl.formatMessage({ id: 'devFlows.diagram.heading' })}>
        {value === undefined ? <p className={styles.hint}>{intl.formatMessage({ id: 'devFlows.flow.readOnly' })}</p> : null}
        <ChartDiagram chart={chart.name} layout={layout} current={current} nested={nested} />
      </Card>
      <Card title={intl.formatMessage({ id: 'devFlows.states.title' })}>
        <StatesTree root={chart.machine.root} active={active} label={intl.formatMessage({ id: 'devFlows.states.title' })} />
      </Card>
      <details className={styles.all} open>
        <summary>{intl.formatMessage({ id: 'devFlows.table.all' }, { count: transitions.length })}</summary>
        <TransitionsTable chart={chart.name} transitions={transitions} active={active} />
      </details>
    </>
  );
}

interface LogEntry {
  readonly at: string;
  readonly state: string;
}

/** The running app's session chart: its current state, tags and recent changes, as they happen. */
function LiveSession({ chart }: { chart: FlowChart }) {
  const intl = useIntl();
  const session = useSession();
  const valueText = useSelector(session, (s) => JSON.stringify(s.value));
  const tags = useSelector(session, (s) => [...s.tags].sort().join(' '));
  const status = useSelector(session, (s) => s.status);
  const value = useMemo(() => JSON.parse(valueText) as StateValue, [valueText]);
  const [log, setLog] = useState<readonly LogEntry[]>(() => [{ at: new Date().toISOString(), state: leafPaths(session.getSnapshot().value).join(', ') }]);

  useEffect(() => {
    const record = (snapshot: { readonly value: StateValue }) => {
      const state = leafPaths(snapshot.value).join(', ');
      setLog((entries) => (entries.at(-1)?.state === state ? entries : [...entries, { at: new Date().toISOString(), state }].slice(-LIVE_LOG_SIZE)));
    };
    // A change between the first render and this subscription is not lost.
    record(session.getSnapshot());
    const subscription = session.subscribe({ next: record, error: () => undefined });
    return () => subscription.unsubscribe();
  }, [session]);

  return (
    <>
      <Card title={intl.formatMessage({ id: 'devFlows.live.title' })}>
        <p className={styles.status} aria-live="polite">
          <span className={styles.statusLabel}>{intl.formatMessage({ id: 'devFlows.live.current' })}</span>{' '}
          <code className={styles.statusValue} data-testid="dev-flows-live-state">
            {leafPaths(value).join(', ')}
          </code>{' '}
          <Tag tone={status === 'active' ? 'success' : 'neutral'}>{status}</Tag>
        </p>
        <p>
          <span className={styles.statusLabel}>{intl.formatMessage({ id: 'devFlows.live.tags' })}</span>{' '}
          {tags ? tags.split(' ').map((t) => <Tag key={t} tone="info" className={styles.tagGap}>{t}</Tag>) : intl.formatMessage({ id: 'devFlows.none' })}
        </p>
        <h3 className={styles.subheading}>{intl.formatMessage({ id: 'devFlows.live.log' })}</h3>
        <ol className={styles.history}>
          {log.map((entry, i) => (
            <li key={`${entry.at}-${i}`}>
              <code>{entry.state}</code> <span className={styles.hint}>{entry.at}</span>
            </li>
          ))}
        </ol>
      </Card>
      <FlowDetails chart={chart} value={value} />
    </>
  );
}

/** A flow chart: read-only; the session chart shows the running app's instance live. */
export function FlowView({ chart }: { chart: FlowChart }) {
  return chart.live === 'session' ? <LiveSession chart={chart} /> : <FlowDetails chart={chart} />;
}
