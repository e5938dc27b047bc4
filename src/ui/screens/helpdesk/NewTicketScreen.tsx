import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { TicketId } from '../../../core/model/ids';
import type { UploadContentType } from '../../../core/model/media';
import type { TicketDraftData } from '../../../core/model/storage';
import { TicketPriorities, TicketTypes, type TicketPriority, type TicketType } from '../../../core/model/ticket';
import { helpDeskHome, ticketPath } from '../../../core/rules/tickets';
import {
  selectCanSend,
  selectChoices,
  selectComposerFiles,
  selectDraft,
  selectDraftStatus,
  selectFileError,
  selectSendError,
} from '../../../machines/features/ticket-composer.machine';
import { selectRole, selectUser } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { TextField } from '../../components/TextField/TextField';
import { useHelpDeskMachines } from '../../shared/HelpDesk';
import { DraftStatus } from './DraftStatus';
import styles from './HelpDesk.module.css';

let fileCounter = 0;
const previewOf = (file: Blob): string => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');

/**
 * A new ticket (bookings §2, §5), or a server draft resumed (`…/ticket/{id}/draft`): subject, type, priority,
 * the appointment or subscription the type names, the first comment and images. The composer chart keeps the
 * draft as it is typed (device and server) and refuses a file before any upload; after sending, the thread.
 */
export default function NewTicketScreen({ params }: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const machines = useHelpDeskMachines();
  const user = useSessionSelector(selectUser);
  const role = useSessionSelector(selectRole);
  const [, navigate] = useLocation();
  const draftId = params?.id as TicketId | undefined;
  const composer = useActorRef(machines.composer, {
    input: {
      mode: 'ticket',
      draftKey: `${user?._id ?? 'anonymous'}:${draftId ? `draft:${draftId}` : 'new'}`,
      ticketId: draftId,
      defaults: { type: 'general', priority: 'normal' },
    },
  });
  const draft = useSelector(composer, selectDraft);
  const status = useSelector(composer, selectDraftStatus);
  const canSend = useSelector(composer, selectCanSend);
  const files = useSelector(composer, selectComposerFiles);
  const fileError = useSelector(composer, selectFileError);
  const sendError = useSelector(composer, selectSendError);
  const choices = useSelector(composer, selectChoices);
  const commentId = useId();
  const fileId = useId();

  useEffect(() => {
    const sent = composer.on('sent', (event) => navigate(ticketPath(role, event.ticket), { replace: true }));
    return () => sent.unsubscribe();
  }, [composer, navigate, role]);

  if (status === 'loading') return <ScreenLoading />;
  const change = (values: Partial<TicketDraftData>) => composer.send({ type: 'composer.change', values });
  const type: TicketType = draft.type && (TicketTypes as readonly string[]).includes(draft.type) ? (draft.type as TicketType) : 'general';
  const priority: TicketPriority = draft.priority && (TicketPriorities as readonly string[]).includes(draft.priority) ? (draft.priority as TicketPriority) : 'normal';
  const busy = status === 'sending' || status === 'sent';

  return (
    <section className={styles.page} aria-labelledby="new-ticket-title">
      <Link href={helpDeskHome(role)} className={styles.back}>
        {t('helpdesk.thread.back')}
      </Link>
      <h1 id="new-ticket-title" className={styles.title}>
        {t('helpdesk.newTicket.title')}
      </h1>
      <form
        className={styles.composer}
        onSubmit={(event) => {
          event.preventDefault();
          composer.send({ type: 'composer.send' });
        }}
      >
        <TextField label={t('helpdesk.newTicket.subject')} value={draft.subject ?? ''} onChange={(subject) => change({ subject })} disabled={busy} />
        <Dropdown<TicketType>
          label={t('helpdesk.newTicket.type')}
          options={TicketTypes.map((v) => ({ value: v, label: t(`helpdesk.type.${v}`) }))}
          value={type}
          onChange={(value) => change({ type: value })}
          disabled={busy}
        />
        <Dropdown<TicketPriority>
          label={t('helpdesk.thread.priority')}
          options={TicketPriorities.map((v) => ({ value: v, label: t(`helpdesk.priority.${v}`) }))}
          value={priority}
          onChange={(value) => change({ priority: value })}
          disabled={busy}
        />
        {type === 'appointment' ? (
          <Dropdown
            label={t('helpdesk.newTicket.appointment')}
            placeholder={t('helpdesk.newTicket.appointment')}
            options={choices.appointments.map((a) => ({
              value: a.id,
              label: a.when ? `${a.label} · ${intl.formatDate(a.when, { dateStyle: 'medium', timeStyle: 'short' })}` : a.label,
            }))}
            value={draft.appointment_id ?? null}
            onChange={(appointment_id) => change({ appointment_id })}
            disabled={busy}
          />
        ) : null}
        {type === 'subscription' ? (
          <Dropdown
            label={t('helpdesk.newTicket.subscription')}
            placeholder={t('helpdesk.newTicket.subscription')}
            options={choices.subscriptions.map((s) => ({ value: s.id, label: s.label }))}
            value={draft.subscription_id ?? null}
            onChange={(subscription_id) => change({ subscription_id })}
            disabled={busy}
          />
        ) : null}
        <label htmlFor={commentId}>{t('helpdesk.newTicket.comment')}</label>
        <textarea id={commentId} value={draft.comment ?? ''} disabled={busy} onChange={(event) => change({ comment: event.target.value })} />

        <label htmlFor={fileId}>{t('helpdesk.newTicket.attach')}</label>
        <input
          id={fileId}
          type="file"
          accept="image/jpeg,image/png"
          disabled={busy}
          onChange={(event) => {
            for (const file of Array.from(event.target.files ?? [])) {
              fileCounter += 1;
              composer.send({
                type: 'composer.attach',
                key: `file-${fileCounter}`,
                file: { name: file.name, type: file.type as UploadContentType, size: file.size, body: file },
                preview: previewOf(file),
              });
            }
            event.target.value = '';
          }}
        />
        {fileError ? (
          <p role="alert" className={styles.error}>
            {intl.messages[`error.code.${fileError}`] ? t(`error.code.${fileError}`) : fileError}
          </p>
        ) : null}
        {files.length > 0 ? (
          <ul className={styles.files}>
            {files.map((file) => (
              <li key={file.key} className={styles.file}>
                {file.preview ? <img src={file.preview} alt="" className={styles.thumb} /> : null}
                <span className={styles.fileName}>{file.name}</span>
                <progress max={1} value={file.progress} aria-label={t('helpdesk.newTicket.progress', { name: file.name })} />
                <Button variant="text" onClick={() => composer.send({ type: 'composer.removeFile', key: file.key })} disabled={busy}>
                  {t('helpdesk.newTicket.remove', { name: file.name })}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}

        <DraftStatus status={status} sendError={sendError} />
        <div className={styles.actions}>
          <Button type="submit" disabled={!canSend || busy}>
            {t('helpdesk.thread.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
