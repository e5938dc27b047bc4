import { useId } from 'react';
import styles from './Money.module.css';

export interface ChartPoint {
  readonly key: string;
  /** The bar's day (its label). */
  readonly label: string;
  readonly cents: number;
  /** What a pointer shows over the bar. */
  readonly title: string;
}

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 8, right: 4, bottom: 4, left: 4 };

/**
 * A bar chart of amounts over time, drawn as SVG (no chart library). For assistive technology it is one image
 * with a title and a description (the figures in words); the table under it has every row.
 */
export function EarningsChart({ points, title, description, formatAxis }: { points: readonly ChartPoint[]; title: string; description: string; formatAxis: (cents: number) => string }) {
  const id = useId();
  const max = Math.max(1, ...points.map((p) => p.cents));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, points.length);
  const bar = Math.max(2, Math.min(40, slot * 0.7));
  const first = points[0];
  const last = points.at(-1);
  return (
    <figure className={styles.figure}>
      <div className={styles.axisMax} aria-hidden="true">
        {formatAxis(max)}
      </div>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line className={styles.axis} x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} />
        <line className={styles.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top} y2={PAD.top} />
        {points.map((p, i) => {
          const h = (p.cents / max) * plotH;
          const x = PAD.left + i * slot + (slot - bar) / 2;
          return (
            <rect key={p.key} className={styles.bar} x={x} y={PAD.top + plotH - h} width={bar} height={Math.max(h, p.cents > 0 ? 1 : 0)} rx={2}>
              <title>{p.title}</title>
            </rect>
          );
        })}
      </svg>
      {/* The axis labels are HTML, so they stay readable however narrow the chart is; the description says them. */}
      <div className={styles.axisLabels} aria-hidden="true">
        <span>{first?.label}</span>
        <span>{last && last !== first ? last.label : ''}</span>
      </div>
    </figure>
  );
}
