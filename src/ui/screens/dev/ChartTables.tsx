import type { AnyStateNode } from 'xstate';
import { useIntl } from 'react-intl';
import { Table, type TableColumn } from '../../components/Table/Table';
import { Tag } from '../../components/Tag/Tag';
import type { ChartTransition } from './chart-graph';
import styles from './FlowExplorer.module.css';

export interface TransitionsTableProps {
  readonly chart: string;
  readonly transitions: readonly ChartTransition[];
  /** Active state paths (ancestors included): their transitions are marked as handled now. */
  readonly active?: ReadonlySet<string>;
}

/** Every declared transition of a chart — the catalogue's table (docs/machines/<chart>.md), read from the running definition. */
export function TransitionsTable({ chart, transitions, active }: TransitionsTableProps) {
  const intl = useIntl();
  const columns: TableColumn<ChartTransition>[] = [
    { key: 'source', header: intl.formatMessage({ id: 'devFlows.table.source' }), render: (t) => <code>{t.source}</code>, rowHeader: true },
    { key: 'event', header: intl.formatMessage({ id: 'devFlows.table.event' }), render: (t) => <code>{t.eventLabel}</code> },
    { key: 'guard', header: intl.formatMessage({ id: 'devFlows.table.guard' }), render: (t) => (t.guard ? <code>{t.guard}</code> : '') },
    {
      key: 'target',
      header: intl.formatMessage({ id: 'devFlows.table.target' }),
      render: (t) => (t.targets.length > 0 ? <code>{t.targets.join(', ')}</code> : <span className={styles.hint}>{intl.formatMessage({ id: 'devFlows.table.stays' })}</span>),
    },
    { key: 'actions', header: intl.formatMessage({ id: 'devFlows.table.actions' }), render: (t) => <code>{t.actions.join(', ')}</code> },
    {
      key: 'scope',
      header: intl.formatMessage({ id: 'devFlows.table.scope' }),
      render: (t) => (
        <>
          {t.scope.map((r) => (
            <code key={r.id} className={styles.block}>
              {r.id}
            </code>
          ))}
          {t.unreachable ? <Tag tone="info">{intl.formatMessage({ id: 'devFlows.events.unreachable' })}</Tag> : null}
        </>
      ),
    },
  ];
  if (active) {
    columns.push({
      key: 'now',
      header: intl.formatMessage({ id: 'devFlows.table.now' }),
      render: (t) => (active.has(t.source) || (t.source === '(root)' && active.size > 0) ? <Tag tone="brand">{intl.formatMessage({ id: 'devFlows.table.handledNow' })}</Tag> : ''),
    });
  }
  return (
    <Table
      caption={intl.formatMessage({ id: 'devFlows.table.caption' }, { chart, count: transitions.length })}
      columns={columns}
      rows={transitions}
      rowKey={(t) => t.id}
      pageSize={Math.max(10, transitions.length)}
    />
  );
}

export interface StatesTreeProps {
  readonly root: AnyStateNode;
  /** Active state paths (ancestors included). */
  readonly active?: ReadonlySet<string>;
  readonly label: string;
}

function StateItems({ node, active }: { node: AnyStateNode; active?: ReadonlySet<string> | undefined }) {
  const intl = useIntl();
  const children = Object.values(node.states);
  if (children.length === 0) return null;
  return (
    <ul className={styles.tree}>
      {children.map((child) => {
        const path = child.path.join('.');
        const isActive = active?.has(path) ?? false;
        return (
          <li key={path} data-state={path} data-active={isActive || undefined}>
            <code className={isActive ? styles.activeState : undefined}>{child.key}</code>{' '}
            {child.type !== 'atomic' ? <Tag>{child.type}</Tag> : null}{' '}
            {isActive ? <Tag tone="brand">{intl.formatMessage({ id: 'devFlows.states.active' })}</Tag> : null}
            {child.description ? <span className={styles.description}> {child.description}</span> : null}
            <StateItems node={child} active={active} />
          </li>
        );
      })}
    </ul>
  );
}

/** The chart's states as a nested list, the active ones marked. */
export function StatesTree({ root, active, label }: StatesTreeProps) {
  return (
    <div role="group" aria-label={label} className={styles.treeWrap}>
      <StateItems node={root} active={active} />
    </div>
  );
}
