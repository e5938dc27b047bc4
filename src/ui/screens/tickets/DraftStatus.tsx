import { useIntl } from 'react-intl';
import type { selectDraftStatus } from '../../../machines/features/ticket-composer.machine';
import styles from './Tickets.module.css';

/**
 * Where the composer's draft is (saving, kept on the server, kept on this device), announced politely, and the
 * refusal of the last send: the same lines under a new ticket and under a comment box.
 */
export function DraftStatus({ status, sendError }: { readonly status: ReturnType<typeof selectDraftStatus>; readonly sendError: string | null }) {
  const intl = useIntl();
  const saved = status === 'server' || status === 'device' ? `helpdesk.draft.${status}` : status === 'saving' ? 'helpdesk.draft.saving' : undefined;
  return (
    <>
      <span className={styles.draftStatus} aria-live="polite">
        {saved ? intl.formatMessage({ id: saved }) : ''}
      </span>
      {sendError ? (
        <p role="alert" className={styles.error}>
          {sendError}
        </p>
      ) : null}
    </>
  );
}
