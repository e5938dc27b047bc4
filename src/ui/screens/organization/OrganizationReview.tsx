import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Organization } from '../../../core/model/organization';
import { organizationApprovalStatusOf } from '../../../core/rules/organization-approval';
import {
  canDecide,
  selectDecisionError,
  selectDeciding,
  selectReviewError,
  selectReviewItems,
  selectReviewMode,
  selectReviewNotice,
  type ReviewActor,
} from '../../../machines/features/organization-review.machine';
import { Button } from '../../components/Button/Button';
import { Spinner } from '../../components/Spinner/Spinner';
import { Tag } from '../../components/Tag/Tag';
import { TextArea } from '../../components/TextArea/TextArea';
import { useMessageForError } from '../../i18n/errors';
import styles from './Organization.module.css';

const TONES = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

/** The approval status of an organization as a tag. */
export function ApprovalTag({ organization }: { readonly organization: Organization }) {
  const intl = useIntl();
  const status = organizationApprovalStatusOf(organization.meta);
  return <Tag tone={TONES[status]}>{intl.formatMessage({ id: `team.review.status.${status}` })}</Tag>;
}

/** One organization under review: its facts, a note to it, and approve / reject as the approval chart allows. */
function ReviewItem({ chart, organization, linked, headingLevel }: { chart: ReviewActor; organization: Organization; linked: boolean; headingLevel: 2 | 3 }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const deciding = useSelector(chart, selectDeciding);
  const [note, setNote] = useState('');
  const noteId = useId();
  const Heading = `h${headingLevel}` as const;
  const name = organization.company_name || organization.primary_email;
  const busy = deciding !== null;
  const mayApprove = canDecide(organization, 'approve');
  const mayReject = canDecide(organization, 'reject');
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <Heading className={styles.itemName}>{linked ? <Link href={`/admin/organization/${organization._id}/profile`}>{name}</Link> : name}</Heading>
        <ApprovalTag organization={organization} />
      </div>
      <dl className={styles.facts}>
        <dt>{t('team.review.email')}</dt>
        <dd>{organization.primary_email}</dd>
        {organization.created ? (
          <>
            <dt>{t('team.review.registered')}</dt>
            <dd>{intl.formatDate(organization.created, { dateStyle: 'medium' })}</dd>
          </>
        ) : null}
        {organization.vendor_count !== undefined ? (
          <>
            <dt>{t('team.review.vendors')}</dt>
            <dd>{t('team.review.vendorsValue', { count: organization.vendor_count, max: organization.max_vendors ?? '—' })}</dd>
          </>
        ) : null}
      </dl>
      {mayApprove || mayReject ? (
        <>
          <TextArea id={noteId} label={t('team.review.note')} value={note} maxLength={500} disabled={busy} placeholder={t('team.review.notePlaceholder')} onChange={setNote} />
          <div className={styles.actions}>
            {mayApprove ? (
              <Button loading={deciding === organization._id} disabled={busy && deciding !== organization._id} onClick={() => chart.send({ type: 'review.approve', id: organization._id, note })}>
                {t('team.review.approve', { name })}
              </Button>
            ) : null}
            {mayReject ? (
              <Button variant="danger" disabled={busy} onClick={() => chart.send({ type: 'review.reject', id: organization._id, note })}>
                {t('team.review.reject', { name })}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </li>
  );
}

/**
 * The organizations a review chart holds (the pending queue, or one organization), with the chart's notice after
 * a decision (a polite status) and its refusal (an alert).
 */
export function OrganizationReview({ chart, linked, headingLevel }: { readonly chart: ReviewActor; readonly linked: boolean; readonly headingLevel: 2 | 3 }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useMessageForError();
  const mode = useSelector(chart, selectReviewMode);
  const items = useSelector(chart, selectReviewItems);
  const error = useSelector(chart, selectReviewError);
  const notice = useSelector(chart, selectReviewNotice);
  const decisionError = useSelector(chart, selectDecisionError);

  const status = (
    <p role="status" className={styles.message}>
      {notice ? t(notice.outcome === 'approved' ? 'team.review.approved' : 'team.review.rejected', { name: notice.name }) : ''}
    </p>
  );
  if (mode === 'loading') return <Spinner size="md" label={t('common.loading')} />;
  if (mode === 'error')
    return (
      <div className={styles.state}>
        <p role="alert" className={styles.error}>
          {t('team.review.loadError')} {error ? errorText(error) : null}
        </p>
        <Button variant="text" onClick={() => chart.send({ type: 'review.retry' })}>
          {t('team.review.retry')}
        </Button>
      </div>
    );
  return (
    <div className={styles.stack}>
      {status}
      {decisionError ? (
        <p role="alert" className={styles.error}>
          {errorText(decisionError)}
        </p>
      ) : null}
      {mode === 'empty' ? (
        <p className={styles.message}>{t('team.review.emptyQueue')}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((organization) => (
            <ReviewItem key={organization._id} chart={chart} organization={organization} linked={linked} headingLevel={headingLevel} />
          ))}
        </ul>
      )}
    </div>
  );
}
