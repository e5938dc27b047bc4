import { useIntl } from 'react-intl';
import { maskTypedPhone } from '../../../core/rules/phone';
import { selectAccount, selectUser } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSession, useSessionSelector } from '../../app/session-context';
import { Card } from '../../components/Card/Card';
import { Tag } from '../../components/Tag/Tag';
import { ChangePasswordPanel } from '../../shared/ChangePasswordPanel';
import { PhoneVerifyPanel } from '../../shared/PhoneVerifyPanel';
import styles from './ProfileScreen.module.css';
import { withProfileMessages } from '../../i18n/profile-messages';

/** The page's title is its menu label (accounts §2: the customer's 'My settings', the others' 'Profile'). */
const TITLE_IDS: Readonly<Record<string, string>> = {
  'customer.profile': 'menu.customer.settings',
  'vendor.profile': 'menu.vendor.profile',
  'organization.profile': 'menu.organization.profile',
  'affiliate.profile': 'menu.affiliate.profile',
};

/**
 * The profile page of every account type (/profile, /vendor/profile, /organization/profile,
 * /affiliate/profile): the facts the session already holds about the person and the active account
 * (name, e-mail, phone, account type), the change-password panel and the phone panel. A confirmed
 * phone reloads the user, so the facts show it at once.
 */
function ProfileScreen({ route }: Partial<ScreenProps>) {
  const intl = useIntl();
  const session = useSession();
  const user = useSessionSelector(selectUser);
  const account = useSessionSelector(selectAccount);
  const canReloadUser = useSessionSelector((s) => s.can({ type: 'user.reload' }));

  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ') || account?.first_name || '';
  const phone = user?.phone ?? undefined;
  const type = account?.type;
  const reloadUser = () => {
    if (canReloadUser) session.send({ type: 'user.reload' });
  };
  const notGiven = intl.formatMessage({ id: 'profile.notGiven' });

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{intl.formatMessage({ id: TITLE_IDS[route?.name ?? ''] ?? 'menu.customer.settings' })}</h1>
        <p className={styles.lead}>{intl.formatMessage({ id: 'profile.lead' })}</p>
      </header>

      <Card title={intl.formatMessage({ id: 'profile.facts.title' })}>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{intl.formatMessage({ id: 'profile.facts.name' })}</dt>
            <dd>{name || notGiven}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{intl.formatMessage({ id: 'profile.facts.email' })}</dt>
            <dd>{user?.email ?? account?.primary_email ?? notGiven}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{intl.formatMessage({ id: 'profile.facts.phone' })}</dt>
            <dd>
              {phone ? (
                <span className={styles.phone}>
                  <span>{maskTypedPhone(phone)}</span>
                  <Tag tone={user?.phoneConfirmed ? 'success' : 'warning'}>
                    {intl.formatMessage({ id: user?.phoneConfirmed ? 'profile.facts.phoneConfirmed' : 'profile.facts.phoneUnconfirmed' })}
                  </Tag>
                </span>
              ) : (
                intl.formatMessage({ id: 'profile.facts.noPhone' })
              )}
            </dd>
          </div>
          <div className={styles.fact}>
            <dt>{intl.formatMessage({ id: 'profile.facts.accountType' })}</dt>
            <dd>{type ? intl.formatMessage({ id: `account.type.${type}` }) : notGiven}</dd>
          </div>
        </dl>
      </Card>

      <Card>
        <ChangePasswordPanel />
      </Card>

      <Card title={intl.formatMessage({ id: 'profile.phone.title' })}>
        {/* Keyed by the phone: a reloaded user with a new phone starts the panel afresh. */}
        <PhoneVerifyPanel key={phone ?? 'none'} purpose="profile" phone={phone} email={user?.email} onConfirmed={reloadUser} />
      </Card>
    </div>
  );
}

/** With its texts (`profile.*.json`): they load with this screen, not with the app. */
export default withProfileMessages(ProfileScreen);
