import { useId } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '../../components/cx';
import type { DiagramLayout } from './chart-graph';
import styles from './FlowExplorer.module.css';

export interface ChartDiagramProps {
  readonly chart: string;
  readonly layout: DiagramLayout;
  /** Top-level states to highlight as current. */
  readonly current: readonly string[];
  /** Edges (`from→to`) that an event may take right now. */
  readonly enabled?: ReadonlySet<string>;
  /** Nested state count per top-level state (flows), shown on the node. */
  readonly nested?: Readonly<Record<string, number>>;
}

const NODE_H = 36;
const LAYER_GAP = 84;
const NODE_GAP = 28;
const MARGIN = 24;
const CHAR_W = 7.4;

const nodeWidth = (label: string): number => Math.max(96, Math.round(label.length * CHAR_W) + 28);

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
}

/**
 * A layered picture of the chart's top-level states: the initial state on top, each row the states
 * first reached from the row above. The current state is filled, edges an event may take now are drawn
 * solid and dark; every other declared edge is light. The tables next to it carry the same facts as text.
 */
export function ChartDiagram({ chart, layout, current, enabled = new Set(), nested = {} }: ChartDiagramProps) {
  const intl = useIntl();
  const rawId = useId();
  const id = `d${rawId.replace(/[^a-zA-Z0-9_-]/g, '')}`;

  const labelOf = (state: string) => (nested[state] ? `${state} (+${nested[state]})` : state);
  const rowWidths = layout.layers.map((row) => row.reduce((sum, s) => sum + nodeWidth(labelOf(s)), 0) + NODE_GAP * Math.max(0, row.length - 1));
  const width = Math.max(320, ...rowWidths) + MARGIN * 2 + 60;
  const height = layout.layers.length * NODE_H + Math.max(0, layout.layers.length - 1) * LAYER_GAP + MARGIN * 2;

  const boxes = new Map<string, Box>();
  layout.layers.forEach((row, i) => {
    let x = (width - (rowWidths[i] ?? 0)) / 2;
    const y = MARGIN + i * (NODE_H + LAYER_GAP);
    for (const state of row) {
      const w = nodeWidth(labelOf(state));
      boxes.set(state, { x, y, w });
      x += w + NODE_GAP;
    }
  });

  const pathFor = (from: Box, to: Box, fromState: string, toState: string, index: number): string => {
    if (fromState === toState) {
      const x = from.x + from.w;
      const y = from.y + NODE_H / 2;
      return `M ${x} ${y - 8} C ${x + 34} ${y - 26}, ${x + 34} ${y + 26}, ${x} ${y + 8}`;
    }
    const fx = from.x + from.w / 2;
    const tx = to.x + to.w / 2;
    const spread = ((index % 5) - 2) * 6;
    if (to.y > from.y) {
      const y1 = from.y + NODE_H;
      const y2 = to.y;
      const mid = (y1 + y2) / 2;
      return `M ${fx + spread} ${y1} C ${fx + spread} ${mid}, ${tx} ${mid}, ${tx} ${y2}`;
    }
    if (to.y < from.y) {
      const y1 = from.y;
      const y2 = to.y + NODE_H;
      const bend = (tx >= fx ? 1 : -1) * 48;
      return `M ${fx + spread} ${y1} C ${fx + spread + bend} ${y1 - 40}, ${tx + bend} ${y2 + 40}, ${tx} ${y2}`;
    }
    const y = from.y;
    return `M ${fx} ${y} C ${fx} ${y - 40}, ${tx} ${y - 40}, ${tx} ${y}`;
  };

  const currentText = current.length > 0 ? current.join(', ') : intl.formatMessage({ id: 'devFlows.none' });

  return (
    // A wide chart scrolls inside its box; the box is focusable so keyboard users can scroll it too.
    <div className={styles.diagramScroll} role="region" tabIndex={0} aria-labelledby={`${id}-title`}>
      <svg
        className={styles.diagram}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        data-chart={chart}
      >
        <title id={`${id}-title`}>{intl.formatMessage({ id: 'devFlows.diagram.title' }, { chart })}</title>
        <desc id={`${id}-desc`}>
          {intl.formatMessage({ id: 'devFlows.diagram.desc' }, { states: boxes.size, edges: layout.edges.length, current: currentText })}
        </desc>
        <defs>
          <marker id={`${id}-arrow`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" className={styles.arrow} />
          </marker>
          <marker id={`${id}-arrow-on`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" className={styles.arrowOn} />
          </marker>
        </defs>
        {layout.edges.map((edge, index) => {
          const from = boxes.get(edge.from);
          const to = boxes.get(edge.to);
          if (!from || !to) return null;
          const on = enabled.has(`${edge.from}→${edge.to}`);
          return (
            <path
              key={`${edge.from}→${edge.to}`}
              d={pathFor(from, to, edge.from, edge.to, index)}
              className={cx(styles.edge, on && styles.edgeOn)}
              markerEnd={`url(#${id}-arrow${on ? '-on' : ''})`}
              data-edge={`${edge.from}→${edge.to}`}
              data-enabled={on || undefined}
            >
              <title>{`${edge.from} → ${edge.to}: ${edge.events.join(', ')}`}</title>
            </path>
          );
        })}
        {[...boxes.entries()].map(([state, box]) => {
          const isCurrent = current.includes(state);
          return (
            <g key={state} data-state={state} data-current={isCurrent || undefined}>
              <rect x={box.x} y={box.y} width={box.w} height={NODE_H} rx={10} className={cx(styles.node, isCurrent && styles.nodeCurrent)} />
              <text x={box.x + box.w / 2} y={box.y + NODE_H / 2} className={cx(styles.nodeText, isCurrent && styles.nodeTextCurrent)} dominantBaseline="central" textAnchor="middle">
                {labelOf(state)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
