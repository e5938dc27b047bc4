import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import type { Vendor } from '../../../core/model/vendor';
import { TEAM_PAGE_SIZE, teamSearchWords } from '../../../core/rules/team';
import { selectListError, selectListItems, selectListMode, selectListPage, selectListSearch, selectListTotal } from '../../../machines/features/team-list.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Table, type TableColumn } from '../../components/Table/Table';
import { TextField } from '../../components/TextField/TextField';
import { useMessageForError } from '../../i18n/errors';
import { withOrganizationMessages } from '../../i18n/organization-messages';
import { useOrganizationMachines } from '../../shared/Organization';
import styles from './Organization.module.css';
import { VendorStatusTag, vendorName } from './VendorStatusTag';

/**
 * /organization/vendors (issue 11 "Team"; menu 'manage team'): the organization's vendors, a page at a time, with
 * search by name or e-mail (3 characters or more), and the way to invite one. The team-list chart reads the pages.
 */
function VendorsScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useMessageForError();
  const account = useSessionSelector(selectAccount);
  const machines = useOrganizationMachines();
  const chart = useActorRef(machines.list, { input: { organizationId: (account?._id ?? '') as AccountId } });
  const mode = useSelector(chart, selectListMode);
  const items = useSelector(chart, selectListItems);
  const total = useSelector(chart, selectListTotal);
  const page = useSelector(chart, selectListPage);
  const search = useSelector(chart, selectListSearch);
  const error = useSelector(chart, selectListError);
  const [text, setText] = useState('');
  const searching = teamSearchWords(search) !== undefined;

  const columns: TableColumn<Vendor>[] = [
    { key: 'name', header: t('team.list.name'), rowHeader: true, render: (v) => <Link href={`/organization/vendor/${v._id}`}>{vendorName(v)}</Link> },
    { key: 'email', header: t('team.list.email'), render: (v) => v.primary_email },
    { key: 'status', header: t('team.list.status'), render: (v) => <VendorStatusTag vendor={v} /> },
  ];

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <div className={styles.stack}>
          <h1 className={styles.title}>{t('team.list.title')}</h1>
          {mode === 'ready' || mode === 'empty' ? <p className={styles.lead}>{t('team.list.lead', { count: total })}</p> : null}
        </div>
        <Link href="/organization/vendor/new" className={styles.tab}>
          {t('team.list.invite')}
        </Link>
      </div>
      <form
        role="search"
        className={styles.toolbar}
        onSubmit={(event) => {
          event.preventDefault();
          chart.send({ type: 'team.search', text });
        }}
      >
        <TextField className={styles.search} label={t('team.list.search')} hint={t('team.list.searchHint')} type="search" value={text} onChange={setText} />
        <div className={styles.actions}>
          <Button type="submit">{t('team.list.searchButton')}</Button>
          {search !== '' ? (
            <Button
              variant="text"
              onClick={() => {
                setText('');
                chart.send({ type: 'team.search', text: '' });
              }}
            >
              {t('team.list.clear')}
            </Button>
          ) : null}
        </div>
      </form>
      {mode === 'error' ? (
        <div className={styles.state}>
          <p role="alert" className={styles.error}>
            {t('team.list.loadError')} {error ? errorText(error) : null}
          </p>
          <Button variant="text" onClick={() => chart.send({ type: 'team.retry' })}>
            {t('team.review.retry')}
          </Button>
        </div>
      ) : (
        <Table
          caption={t('team.list.caption')}
          hideCaption
          columns={columns}
          rows={items}
          rowKey={(v) => v._id}
          pageSize={TEAM_PAGE_SIZE}
          page={page}
          total={total}
          onPageChange={(next) => chart.send({ type: 'team.page', page: next })}
          loading={mode === 'loading'}
          empty={
            mode === 'loading' ? undefined : searching ? (
              <EmptyState headingLevel={2} message={t('team.list.noMatch', { search: search.trim() })} />
            ) : (
              <EmptyState headingLevel={2} message={t('team.list.empty')} />
            )
          }
        />
      )}
    </div>
  );
}

export default withOrganizationMessages(VendorsScreen);
