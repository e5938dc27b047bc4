import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { TicketDraftData } from '../../../core/model/storage';
import { selectAccountError, selectAccountMatches, selectSearchingAccounts, type ComposerActor } from '../../../machines/features/ticket-composer.machine';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import styles from './Tickets.module.css';

/**
 * Support's account picker on a new ticket (issue 10: super opens a ticket on behalf of any account): the
 * composer searches accounts/search as support types (3+ characters), and a picked account is kept in the draft.
 */
export function AccountPicker({ composer, draft, disabled }: { composer: ComposerActor; draft: TicketDraftData; disabled: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const matches = useSelector(composer, selectAccountMatches);
  const error = useSelector(composer, selectAccountError);
  const searching = useSelector(composer, selectSearchingAccounts);
  const [text, setText] = useState('');

  return (
    <fieldset className={styles.picker}>
      <legend>{t('helpdesk.account.legend')}</legend>
      {draft.account_id ? (
        <div className={styles.picked}>
          <p className={styles.pickedName} aria-live="polite">
            {t('helpdesk.account.for', { name: draft.account_name || draft.account_id })}
          </p>
          <Button variant="text" disabled={disabled} onClick={() => composer.send({ type: 'composer.change', values: { account_id: undefined, account_name: undefined } })}>
            {t('helpdesk.account.change')}
          </Button>
        </div>
      ) : (
        <>
          <TextField
            label={t('helpdesk.account.search')}
            hint={t('helpdesk.account.hint')}
            value={text}
            disabled={disabled}
            autoComplete="off"
            onChange={(value) => {
              setText(value);
              composer.send({ type: 'composer.findAccount', text: value });
            }}
          />
          <p className={styles.draftStatus} aria-live="polite">
            {searching ? t('helpdesk.account.searching') : error ? error : text.trim().length >= 3 && matches.length === 0 ? t('helpdesk.account.none') : ''}
          </p>
          {matches.length > 0 ? (
            <ul className={styles.matches} aria-label={t('helpdesk.account.results')}>
              {matches.map((m) => (
                <li key={m._id}>
                  <Button
                    variant="text"
                    disabled={disabled}
                    onClick={() => composer.send({ type: 'composer.change', values: { account_id: m._id, account_name: `${m.name} (${t(`helpdesk.sender.${m.type}`)})` } })}
                  >
                    {t('helpdesk.account.pick', { name: m.name, type: t(`helpdesk.sender.${m.type}`), email: m.primary_email ?? '' })}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
