import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { TicketId } from '../../../core/model/ids';
import type { TicketDraftData } from '../../../core/model/storage';
import { TicketPriorities, TicketTypes, type TicketPriority, type TicketType } from '../../../core/model/ticket';
import { helpDeskHome, opensOnBehalf, ticketPath } from '../../../core/rules/tickets';
import {
  selectCanSend,
  selectChoices,
  selectDraft,
  selectDraftStatus,
  selectSendError,
} from '../../../machines/features/ticket-composer.machine';
import { selectRole, selectUser } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { TextArea } from '../../components/TextArea/TextArea';
import { TextField } from '../../components/TextField/TextField';
import { useTicketsMachines } from '../../shared/Tickets';
import { visitDateTime } from '../../shared/visit-time';
import { AccountPicker } from './AccountPicker';
import { AttachmentPicker } from './Attachments';
import { DraftStatus } from './DraftStatus';
import styles from './Tickets.module.css';
import { withTicketsMessages } from '../../i18n/tickets-messages';

/**
 * A new ticket (bookings §2, §5), or a server draft resumed (`…/ticket/{id}/draft`): subject, type, priority,
 * the appointment or subscription the type names, the first comment and images. The composer chart keeps the
 * draft as it is typed (device and server) and refuses a file before any upload; after sending, the thread.
 */
function NewTicketScreen({ params }: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const machines = useTicketsMachines();
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
      onBehalf: opensOnBehalf(role),
    },
  });
  const draft = useSelector(composer, selectDraft);
  const status = useSelector(composer, selectDraftStatus);
  const canSend = useSelector(composer, selectCanSend);
  const sendError = useSelector(composer, selectSendError);
  const choices = useSelector(composer, selectChoices);
  const commentId = useId();

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
        {opensOnBehalf(role) ? <AccountPicker composer={composer} draft={draft} disabled={busy} /> : null}
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
              label: a.when ? `${a.label} · ${visitDateTime(intl, a.when, a.timeZone)}` : a.label,
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
        <TextArea id={commentId} label={t('helpdesk.newTicket.comment')} value={draft.comment ?? ''} disabled={busy} onChange={(comment) => change({ comment })} />

        <AttachmentPicker composer={composer} disabled={busy} />

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

export default withTicketsMessages(NewTicketScreen);
