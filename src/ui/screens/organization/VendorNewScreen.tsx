import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import type { InviteInput } from '../../../core/rules/team';
import { selectInviteError, selectInviteMode, selectInviteProblems, selectInvited } from '../../../machines/features/vendor-invite.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { useMessageForError } from '../../i18n/errors';
import { withOrganizationMessages } from '../../i18n/organization-messages';
import { useOrganizationMachines } from '../../shared/Organization';
import styles from './Organization.module.css';
import { vendorName } from './VendorStatusTag';

const EMPTY: InviteInput = { first_name: '', last_name: '', email: '' };

/**
 * /organization/vendor/new (issue 11 "Team"): invite a vendor by e-mail. The vendor-invite chart checks the fields
 * with the core rule, then the server creates the account and e-mails the claim link; at the organization's
 * maximum it answers 'Max vendors for your organization has been reached'.
 */
function VendorNewScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useMessageForError();
  const account = useSessionSelector(selectAccount);
  const machines = useOrganizationMachines();
  const chart = useActorRef(machines.invite, { input: { organizationId: (account?._id ?? '') as AccountId } });
  const mode = useSelector(chart, selectInviteMode);
  const problems = useSelector(chart, selectInviteProblems);
  const error = useSelector(chart, selectInviteError);
  const invited = useSelector(chart, selectInvited);
  const [form, setForm] = useState<InviteInput>(EMPTY);
  const problem = (field: keyof InviteInput) => (problems[field] ? t(`team.field.${problems[field]}`) : undefined);
  const emailRefused = error?.code === 'email_exists';

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('team.invite.title')}</h1>
      <p role="status" className={styles.message}>
        {mode === 'sent' && invited ? t('team.invite.sent', { email: invited.primary_email }) : ''}
      </p>
      {mode === 'sent' && invited ? (
        <div className={styles.actions}>
          <Link href={`/organization/vendor/${invited._id}`}>{t('team.invite.open', { name: vendorName(invited) })}</Link>
          <Button
            variant="text"
            onClick={() => {
              setForm(EMPTY);
              chart.send({ type: 'team.again' });
            }}
          >
            {t('team.invite.another')}
          </Button>
        </div>
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            chart.send({ type: 'team.invite', input: form });
          }}
        >
          <p className={styles.lead}>{t('team.invite.lead')}</p>
          {error && !emailRefused ? (
            <p role="alert" className={styles.error}>
              {errorText(error)}
            </p>
          ) : null}
          <TextField label={t('team.invite.firstName')} required autoComplete="off" value={form.first_name} error={problem('first_name')} onChange={(first_name) => setForm({ ...form, first_name })} />
          <TextField label={t('team.invite.lastName')} required autoComplete="off" value={form.last_name} error={problem('last_name')} onChange={(last_name) => setForm({ ...form, last_name })} />
          <TextField
            label={t('team.invite.email')}
            type="email"
            required
            autoComplete="off"
            value={form.email}
            error={problem('email') ?? (emailRefused && error ? errorText(error) : undefined)}
            onChange={(email) => setForm({ ...form, email })}
          />
          <div className={styles.actions}>
            <Button type="submit" loading={mode === 'sending'}>
              {t('team.invite.send')}
            </Button>
          </div>
        </form>
      )}
      <p className={styles.message}>
        <Link href="/organization/vendors">{t('team.back')}</Link>
      </p>
    </div>
  );
}

export default withOrganizationMessages(VendorNewScreen);
