import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { TicketId } from '../../../core/model/ids';
import { TicketPriorities, type Ticket, type TicketComment, type TicketPriority } from '../../../core/model/ticket';
import { MESSAGES } from '../../../core/rules/messages';
import { helpDeskHome } from '../../../core/rules/tickets';
import { selectCanSend, selectDraft, selectDraftStatus, selectSendError } from '../../../machines/features/ticket-composer.machine';
import {
  selectCanClose,
  selectCanComment,
  selectCanPrioritise,
  selectChanging,
  selectThreadError,
  selectThreadMode,
  selectThreadAttachments,
  selectThreadResponses,
  selectThreadTicket,
  type ThreadActor,
} from '../../../machines/features/ticket-thread.machine';
import { selectRole, selectUser } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { Tag } from '../../components/Tag/Tag';
import { TextArea } from '../../components/TextArea/TextArea';
import { useToasts } from '../../components/Toasts/useToasts';
import { useTicketsMachines } from '../../shared/Tickets';
import { AttachmentPicker, CommentFiles } from './Attachments';
import { DraftStatus } from './DraftStatus';
import styles from './Tickets.module.css';
import { withTicketsMessages } from '../../i18n/tickets-messages';

const NO_COMMENTS: readonly TicketComment[] = [];

/**
 * One help-desk ticket (bookings §2, §3) for every role: its facts, the comments, a comment box (the composer
 * chart in comment mode, its draft restored), close/resolve and — for support — the priority and saved
 * responses, each offered only when the thread chart `can` take it. The screen creates its own thread chart.
 */
function TicketThreadScreen({ params }: Partial<ScreenProps>) {
  const machines = useTicketsMachines();
  const role = useSessionSelector(selectRole);
  const ticketId = params?.id ?? '';
  const thread = useActorRef(machines.thread, { input: { ticketId, role, now: machines.now } });
  return <Thread thread={thread} />;
}

function Thread({ thread }: { thread: ThreadActor }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const toasts = useToasts();
  const role = useSessionSelector(selectRole);
  const mode = useSelector(thread, selectThreadMode);
  const ticket = useSelector(thread, selectThreadTicket);
  const error = useSelector(thread, selectThreadError);
  const canClose = useSelector(thread, selectCanClose);
  const canPrioritise = useSelector(thread, selectCanPrioritise);
  const canComment = useSelector(thread, selectCanComment);
  const changing = useSelector(thread, selectChanging);
  const responses = useSelector(thread, selectThreadResponses);
  const attachments = useSelector(thread, selectThreadAttachments);
  const [composerKey, setComposerKey] = useState(0);
  const [response, setResponse] = useState<string | null>(null);

  const onSent = useCallback(
    (updated: Ticket) => {
      thread.send({ type: 'thread.updated', ticket: updated });
      setResponse(null);
      setComposerKey((k) => k + 1);
    },
    [thread],
  );

  useEffect(() => {
    const notices = thread.on('notify', (event) => {
      toasts.show({ kind: event.kind, message: { error: { code: event.code, message: event.message } } });
    });
    return () => notices.unsubscribe();
  }, [thread, toasts]);

  const back = (
    <Link href={helpDeskHome(role)} className={styles.back}>
      {t('helpdesk.thread.back')}
    </Link>
  );

  if (mode === 'loading') return <ScreenLoading />;
  if (mode === 'error' || !ticket)
    return (
      <section className={styles.page} aria-labelledby="ticket-title">
        <h1 id="ticket-title" className={styles.title}>
          {t('helpdesk.thread.title')}
        </h1>
        <div role="alert" className={styles.error}>
          <p>{error === MESSAGES.ticket_invalid || !error ? t('error.code.ticket_invalid') : error}</p>
          <Button variant="text" onClick={() => thread.send({ type: 'thread.retry' })}>
            {t('helpdesk.retry')}
          </Button>
        </div>
        {back}
      </section>
    );

  const comments = ticket.comments ?? NO_COMMENTS;
  return (
    <section className={styles.page} aria-labelledby="ticket-title">
      {back}
      <header className={styles.header}>
        <h1 id="ticket-title" className={styles.title}>
          {ticket.subject || t('helpdesk.noSubject', { number: ticket.ticket_id })}
        </h1>
        <p className={styles.meta}>
          #{ticket.ticket_id} · {t(`helpdesk.type.${ticket.type}`)} · {t('helpdesk.thread.priority')}: {t(`helpdesk.priority.${ticket.priority}`)}{' '}
          <Tag tone={ticket.status === 'open' ? 'success' : 'neutral'}>{t(`helpdesk.status.${ticket.status}`)}</Tag>
        </p>
        <div className={styles.actions}>
          {canPrioritise ? (
            <Dropdown<TicketPriority>
              label={t('helpdesk.thread.priority')}
              options={TicketPriorities.map((p) => ({ value: p, label: t(`helpdesk.priority.${p}`) }))}
              value={ticket.priority}
              onChange={(priority) => thread.send({ type: 'thread.setPriority', priority })}
              width={220}
            />
          ) : null}
          <Button variant="text" disabled={!canClose || changing} onClick={() => thread.send({ type: 'thread.close' })}>
            {t('helpdesk.thread.close')}
          </Button>
        </div>
      </header>

      <h2 className={styles.subtitle}>{t('helpdesk.thread.comments')}</h2>
      <ol className={styles.comments} aria-live="polite">
        {comments.map((comment, index) => (
          <li key={comment._id ?? index} className={styles.comment}>
            <div className={styles.commentHead}>
              <span className={styles.sender}>{comment.sender_name || t(`helpdesk.sender.${comment.sender_account_type}`)}</span>
              {comment.created ? <time dateTime={comment.created}>{intl.formatDate(comment.created, { dateStyle: 'medium', timeStyle: 'short' })}</time> : null}
            </div>
            <p className={styles.body}>{comment.comment}</p>
            {comment.media && comment.media.length > 0 ? <CommentFiles ids={comment.media} attachments={attachments} /> : null}
          </li>
        ))}
      </ol>

      {canComment ? (
        <>
          {responses.length > 0 ? (
            <Dropdown
              label={t('helpdesk.thread.responses')}
              options={responses.map((r) => ({ value: r._id, label: r.title }))}
              value={null}
              onChange={(id) => setResponse(responses.find((r) => r._id === id)?.body ?? null)}
            />
          ) : null}
          <CommentBox
            key={composerKey}
            ticketId={ticket._id}
            insert={response}
            onSent={onSent}
          />
        </>
      ) : (
        <p className={styles.draftStatus}>{t('helpdesk.thread.closedNote')}</p>
      )}
    </section>
  );
}

/** The comment box: a composer chart in comment mode, its draft kept under `<user>:comment:<ticket>`. */
function CommentBox({ ticketId, insert, onSent }: { ticketId: TicketId; insert: string | null; onSent: (ticket: Ticket) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const machines = useTicketsMachines();
  const user = useSessionSelector(selectUser);
  const composer = useActorRef(machines.composer, { input: { mode: 'comment', draftKey: `${user?._id ?? 'anonymous'}:comment:${ticketId}`, ticketId } });
  const draft = useSelector(composer, selectDraft);
  const status = useSelector(composer, selectDraftStatus);
  const canSend = useSelector(composer, selectCanSend);
  const sendError = useSelector(composer, selectSendError);
  const fieldId = useId();

  useEffect(() => {
    const sent = composer.on('sent', (event) => onSent(event.ticket));
    return () => sent.unsubscribe();
  }, [composer, onSent]);
  useEffect(() => {
    if (insert) composer.send({ type: 'composer.change', values: { comment: insert } });
  }, [composer, insert]);

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        composer.send({ type: 'composer.send' });
      }}
    >
      <TextArea
        id={fieldId}
        label={t('helpdesk.thread.yourComment')}
        value={draft.comment ?? ''}
        disabled={status === 'loading' || status === 'sending'}
        onChange={(comment) => composer.send({ type: 'composer.change', values: { comment } })}
      />
      <AttachmentPicker composer={composer} disabled={status === 'loading' || status === 'sending'} />
      <DraftStatus status={status} sendError={sendError} />
      <div className={styles.actions}>
        <Button type="submit" disabled={!canSend}>
          {t('helpdesk.thread.send')}
        </Button>
      </div>
    </form>
  );
}

export default withTicketsMessages(TicketThreadScreen);
