import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import type { ScreenProps } from '../../app/routing';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { Tag } from '../../components/Tag/Tag';
import { DEFAULT_CHART, EXPLORER_CHARTS, chartNamed } from './charts';
import { FlowView } from './FlowView';
import { LifecycleExplorer } from './LifecycleExplorer';
import styles from './FlowExplorer.module.css';
import { withDevMessages } from '../../i18n/dev-messages';

export interface FlowExplorerProps extends Partial<ScreenProps> {
  /** The explorer's starting `event.now` (tests fix it; the current minute otherwise). */
  readonly initialNow?: string;
}

/**
 * /dev/flows — the flow explorer (a developer tool; open to anyone in development, to super otherwise).
 * Pick a chart: a lifecycle is explored with `decide` (diagram, status, facts, enabled and blocked events
 * with their spec sentences, steps); a flow is shown read-only, and the session chart live from the
 * running app. The chosen chart is kept in the query (`?chart=appointment`), so a link opens it.
 *
 * Loaded lazily (src/ui/screens/dev/registry.ts): the app's main chunk carries none of it
 * (tools/bundle-check.ts checks for the marker `dev-flow-explorer`).
 */
function FlowExplorer({ initialNow }: FlowExplorerProps) {
  const intl = useIntl();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const asked = new URLSearchParams(search).get('chart');
  const chart = chartNamed(asked) ?? chartNamed(DEFAULT_CHART) ?? EXPLORER_CHARTS[0];

  const choose = (name: string) => {
    const params = new URLSearchParams(search);
    params.set('chart', name);
    navigate(`${path}?${params.toString()}`, { replace: true });
  };

  const kindLabel = (kind: 'lifecycle' | 'flow') => intl.formatMessage({ id: kind === 'lifecycle' ? 'devFlows.kind.lifecycle' : 'devFlows.kind.flow' });

  return (
    <div className={styles.explorer} data-testid="dev-flow-explorer">
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>
            {intl.formatMessage({ id: 'devFlows.title' })} <Tag tone="info">{intl.formatMessage({ id: 'devFlows.devTool' })}</Tag>
          </h1>
          <p className={styles.lead}>{intl.formatMessage({ id: 'devFlows.lead' })}</p>
        </div>
        <Dropdown
          className={styles.picker}
          label={intl.formatMessage({ id: 'devFlows.picker' })}
          width={320}
          options={EXPLORER_CHARTS.map((c) => ({
            value: c.name,
            textValue: c.name,
            label: (
              <span className={styles.option}>
                <code>{c.name}</code> <span className={styles.hint}>{kindLabel(c.kind)}</span>
              </span>
            ),
          }))}
          value={chart?.name ?? null}
          onChange={choose}
        />
      </header>
      {chart === undefined ? null : chart.kind === 'lifecycle' ? (
        <LifecycleExplorer key={chart.name} chart={chart} initialNow={initialNow} />
      ) : (
        <FlowView key={chart.name} chart={chart} />
      )}
    </div>
  );
}

export default withDevMessages(FlowExplorer);
