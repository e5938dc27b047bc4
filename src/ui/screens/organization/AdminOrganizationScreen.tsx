import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import { selectReviewItems } from '../../../machines/features/organization-review.machine';
import type { ScreenProps } from '../../app/routing';
import { withOrganizationMessages } from '../../i18n/organization-messages';
import { useOrganizationMachines } from '../../shared/Organization';
import { OrganizationReview } from './OrganizationReview';
import styles from './Organization.module.css';

/** The tabs of the organization's admin page that are built; the route lists all of accounts §2. */
const BUILT_TABS = ['profile'] as const;

/**
 * /admin/organization/:organization_id/:tab (issue 11 "Approval"): the smallest honest version of the
 * organization's admin page — its profile facts and its approval (approve or reject, as the chart allows). The
 * other tabs of accounts §2 say they are not built yet.
 */
function AdminOrganizationScreen({ params }: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = (params?.organization_id ?? '') as AccountId;
  const tab = params?.tab ?? 'profile';
  const machines = useOrganizationMachines();
  const chart = useActorRef(machines.review, { input: { request: { kind: 'one', id } } });
  const [organization] = useSelector(chart, selectReviewItems);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{organization?.company_name || organization?.primary_email || t('team.review.tab.profile')}</h1>
      <nav aria-label={t('team.review.tabs')}>
        <ul className={styles.tabs}>
          {BUILT_TABS.map((name) => (
            <li key={name}>
              <Link href={`/admin/organization/${id}/${name}`} className={styles.tab} aria-current={name === tab ? 'page' : undefined}>
                {t(`team.review.tab.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {(BUILT_TABS as readonly string[]).includes(tab) ? (
        <OrganizationReview chart={chart} linked={false} headingLevel={2} />
      ) : (
        <p className={styles.message}>{t('team.review.tab.notBuilt')}</p>
      )}
      <p className={styles.message}>
        <Link href="/admin">{t('team.review.back')}</Link>
      </p>
    </div>
  );
}

export default withOrganizationMessages(AdminOrganizationScreen);
