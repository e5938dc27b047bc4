import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { TABLE_PAGE_SIZE } from '../../../core/rules/constants';
import { Button } from '../Button/Button';
import { cx } from '../cx';
import { LoadingOverlay } from '../LoadingOverlay/LoadingOverlay';
import { VISUALLY_HIDDEN } from '../visuallyHidden';
import styles from './Table.module.css';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'start' | 'end' | 'center';
  /** Marks the column whose cell names the row (rendered as a row header). */
  rowHeader?: boolean;
}

export interface TableProps<Row> {
  /** Describes the table for assistive technology (visible unless hideCaption). */
  caption: ReactNode;
  hideCaption?: boolean;
  columns: ReadonlyArray<TableColumn<Row>>;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row) => string;
  /** Page size (accounts §9: default 10). */
  pageSize?: number;
  /** Controlled paging for server-side lists: the page (1-based), the total row count and a callback.
   *  Without them the table pages `rows` itself. */
  page?: number;
  total?: number;
  onPageChange?: (page: number) => void;
  loading?: boolean;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  onRowClick?: (row: Row) => void;
}

export function Table<Row>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  pageSize = TABLE_PAGE_SIZE,
  page: controlledPage,
  total,
  onPageChange,
  loading = false,
  empty,
  onRowClick,
}: TableProps<Row>) {
  const intl = useIntl();
  const captionId = useId();
  const [ownPage, setOwnPage] = useState(1);
  const controlled = controlledPage !== undefined;
  const count = controlled ? (total ?? rows.length) : rows.length;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const page = Math.min(Math.max(1, controlled ? controlledPage : ownPage), pages);
  const visible = controlled ? rows : rows.slice((page - 1) * pageSize, page * pageSize);
  const goTo = (next: number) => {
    if (!controlled) setOwnPage(next);
    onPageChange?.(next);
  };

  if (!loading && count === 0 && empty) return <>{empty}</>;

  return (
    <div className={styles.wrap} aria-busy={loading || undefined}>
      {/* A table wider than a phone scrolls inside this region, named by the caption and reachable by keyboard. */}
      <div className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table}>
          <caption id={captionId} className={hideCaption ? VISUALLY_HIDDEN : styles.caption}>
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={styles[column.align ?? 'start']}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((row) => (
              <tr
                key={rowKey(row)}
                className={cx(onRowClick && styles.clickable)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
              >
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.key} scope="row" className={styles[column.align ?? 'start']}>
                      {column.render(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={styles[column.align ?? 'start']}>
                      {column.render(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={intl.formatMessage({ id: 'table.pagination' })}>
          <Button variant="text" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {intl.formatMessage({ id: 'table.previous' })}
          </Button>
          <span aria-live="polite">{intl.formatMessage({ id: 'table.pageOf' }, { page, pages })}</span>
          <Button variant="text" disabled={page >= pages} onClick={() => goTo(page + 1)}>
            {intl.formatMessage({ id: 'table.next' })}
          </Button>
        </nav>
      ) : null}
      <LoadingOverlay active={loading} scope="container" />
    </div>
  );
}
