import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import { MAX_BIO_LENGTH, type VendorProfileDraft } from '../../../core/rules/vendor-profile';
import { selectVendorOnboarding, selectVendorProfile, selectVendorProfileError, selectVendorProfileMode, selectVendorProfileProblems, selectVendorProfileSaved } from '../../../machines/features/vendor-profile.machine';
import { useSession, useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Tag } from '../../components/Tag/Tag';
import { TextArea } from '../../components/TextArea/TextArea';
import { TextField } from '../../components/TextField/TextField';
import { useMessageForError } from '../../i18n/errors';
import { useProfileMachines } from '../../shared/Profile';
import styles from './VendorProfile.module.css';
import { withProfileMessages } from '../../i18n/profile-messages';

const PAYOUT_TONE = { not_started: 'warning', linking: 'info', connected: 'info', finished: 'success' } as const;

/**
 * The vendor's own sections of /vendor/profile (issue 11): its name and what it tells about itself and its work
 * (vendors/{id}/update), its organization (read-only), and where its working hours and its payout account stand,
 * with links to them. One chart (`vendorOwnProfile`) loads and saves; the form keeps what was typed when the
 * save is refused, and starts from the saved vendor after a save (which reloads the session's user: the name).
 */
function VendorProfileSectionView({ vendorId }: { readonly vendorId: AccountId }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useMessageForError();
  const session = useSession();
  const canReloadUser = useSessionSelector((s) => s.can({ type: 'user.reload' }));
  const machines = useProfileMachines();
  const chart = useActorRef(machines.vendorProfile, { input: { vendorId } });
  const mode = useSelector(chart, selectVendorProfileMode);
  const vendor = useSelector(chart, selectVendorProfile);
  const onboarding = useSelector(chart, selectVendorOnboarding);
  const problems = useSelector(chart, selectVendorProfileProblems);
  const error = useSelector(chart, selectVendorProfileError);
  const saved = useSelector(chart, selectVendorProfileSaved);
  const [draft, setDraft] = useState<VendorProfileDraft | null>(null);
  const bioId = useId();

  // What was saved now shows as the vendor has it, and the session's user carries the new name.
  useEffect(() => {
    if (!saved) return;
    setDraft(null);
    if (canReloadUser) session.send({ type: 'user.reload' });
    // only when a save lands
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);

  if (mode === 'loading')
    return (
      <p role="status" className={styles.message}>
        {t('profile.vendor.loading')}
      </p>
    );
  if (mode === 'error' || !vendor)
    return (
      <div className={styles.state}>
        <p role="alert" className={styles.error}>
          {`${t('profile.vendor.loadError')} ${error ? errorText(error) : ''}`}
        </p>
        <Button variant="text" onClick={() => chart.send({ type: 'profile.retry' })}>
          {t('profile.vendor.retry')}
        </Button>
      </div>
    );

  const value: VendorProfileDraft = draft ?? { first_name: vendor.first_name, last_name: vendor.last_name, bio: vendor.bio ?? '' };
  const problem = (field: keyof VendorProfileDraft) => {
    const p = problems?.[field];
    return p ? t(`profile.vendor.problem.${p}`, { max: MAX_BIO_LENGTH }) : undefined;
  };
  const bioProblem = problem('bio');
  const hoursSet = (vendor.availability ?? []).length > 0;
  const payout = onboarding?.status;

  return (
    <>
      <Card title={t('profile.vendor.title')}>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            chart.send({ type: 'profile.save', draft: value });
          }}
        >
          <p className={styles.formLead}>{t('profile.vendor.lead')}</p>
          <TextField
            label={t('profile.vendor.firstName')}
            required
            autoComplete="given-name"
            maxLength={80}
            value={value.first_name}
            error={problem('first_name')}
            onChange={(first_name) => setDraft({ ...value, first_name })}
          />
          <TextField
            label={t('profile.vendor.lastName')}
            required
            autoComplete="family-name"
            maxLength={80}
            value={value.last_name}
            error={problem('last_name')}
            onChange={(last_name) => setDraft({ ...value, last_name })}
          />
          <TextArea
            id={bioId}
            label={t('profile.vendor.bio')}
            value={value.bio}
            rows={5}
            characterCount={{ max: MAX_BIO_LENGTH, count: value.bio.trim().length }}
            error={bioProblem}
            onChange={(bio) => setDraft({ ...value, bio })}
          />
          {mode === 'ready' && error ? (
            <p role="alert" className={styles.error}>
              {errorText(error)}
            </p>
          ) : null}
          <p role="status" className={styles.message}>
            {saved && draft === null ? t('profile.vendor.saved') : ''}
          </p>
          <div className={styles.actions}>
            <Button type="submit" loading={mode === 'saving'}>
              {t('profile.vendor.save')}
            </Button>
          </div>
        </form>
      </Card>

      <Card title={t('profile.vendor.work')}>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t('profile.vendor.organization')}</dt>
            <dd>{vendor.is_part_of_org ? (vendor.company_name ?? t('profile.vendor.organizationUnnamed')) : t('profile.vendor.independent')}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('profile.vendor.hours')}</dt>
            <dd>
              <Tag tone={hoursSet ? 'success' : 'warning'}>{t(hoursSet ? 'profile.vendor.hours.set' : 'profile.vendor.hours.none')}</Tag>
              <Link href="/vendor/availability">{t('profile.vendor.hours.open')}</Link>
            </dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('profile.vendor.payouts')}</dt>
            <dd>
              <Tag tone={payout ? PAYOUT_TONE[payout] : 'neutral'}>{t(payout ? `profile.vendor.payouts.${payout}` : 'profile.vendor.payouts.unknown')}</Tag>
              {payout !== 'finished' ? <Link href="/vendor/onboarding">{t('profile.vendor.payouts.open')}</Link> : null}
            </dd>
          </div>
        </dl>
      </Card>
    </>
  );
}

/** With its texts (`profile.*.json`): they load with this component, not with the app. */
export const VendorProfileSection = withProfileMessages(VendorProfileSectionView);
