import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { Languages, type Language } from '../../core/model/language-codes';
import { buildPath, routeByName } from '../../core/routes';
import { selectAccount, selectLanguage, selectSignedIn, selectUser } from '../../machines/flows/session.machine';
import { VISUALLY_HIDDEN_ON_PHONE } from '../components/visuallyHidden';
import { useSession, useSessionSelector } from './session-context';
import styles from './HeaderControls.module.css';

/** Language names are written in their own language, so each reader finds theirs. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', es: 'Español' };

/**
 * The language switch (accounts §5: en or es). For a signed-in user the choice is saved to the account
 * (users/update language_preference); a visitor's follows the browser until they choose.
 */
export function LanguageSwitch() {
  const intl = useIntl();
  const session = useSession();
  const current = useSessionSelector(selectLanguage);
  // Enabled when the chart takes the event now (not while the choice is being saved or the session resolves).
  const canChange = useSessionSelector((s) => s.can({ type: 'language.change', language: 'en' }));
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={styles.languages}>
      <span id={labelId} hidden>
        {intl.formatMessage({ id: 'language.label' })}
      </span>
      {Languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.language}
          aria-pressed={language === current}
          disabled={!canChange}
          onClick={() => {
            if (language !== current) session.send({ type: 'language.change', language });
          }}
        >
          {/* A phone shows the code; the name stays the button's name (HeaderControls.module.css). */}
          <span className={VISUALLY_HIDDEN_ON_PHONE}>{LANGUAGE_NAMES[language]}</span>
          <span className={styles.languageCode} aria-hidden="true">
            {language.toUpperCase()}
          </span>
        </button>
      ))}
    </div>
  );
}

const SWITCH_ROUTE = routeByName('switchAccount').path;

/** The account switcher for a user with several accounts (multi@): it opens /auth/switch-account/{id}. */
export function AccountSwitcher() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const user = useSessionSelector(selectUser);
  const account = useSessionSelector(selectAccount);
  const selectId = useId();
  const refs = user?.accounts.filter((a) => a.type !== 'user') ?? [];
  if (!account || refs.length < 2) return null;
  return (
    <div className={styles.account}>
      <label htmlFor={selectId} className={VISUALLY_HIDDEN_ON_PHONE}>
        {intl.formatMessage({ id: 'accountSwitcher.label' })}
      </label>
      <select
        id={selectId}
        className={styles.accountSelect}
        value={account._id}
        onChange={(event) => navigate(buildPath(SWITCH_ROUTE, { account_id: event.target.value }))}
      >
        {refs.map((ref) => (
          <option key={ref.id} value={ref.id}>
            {intl.formatMessage({ id: `account.type.${ref.type}` })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The header slot: the language switch, and the account switcher when signed in. */
export function HeaderControls() {
  const signedIn = useSessionSelector(selectSignedIn);
  return (
    <div className={styles.controls}>
      <LanguageSwitch />
      {signedIn ? <AccountSwitcher /> : null}
    </div>
  );
}
