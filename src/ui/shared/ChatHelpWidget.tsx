import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ticketPath } from '../../core/rules/tickets';
import {
  selectChatBusy,
  selectChatCanEnd,
  selectChatCanSend,
  selectChatError,
  selectChatHandedOver,
  selectChatMessages,
  selectChatOffering,
  selectChatPending,
  selectChatTicketId,
} from '../../machines/features/chat-help.machine';
import type { Role } from '../../core/model/roles';
import { Button } from '../components/Button/Button';
import styles from './ChatHelp.module.css';
import { useTicketsMachines } from './Tickets';

/**
 * The chat-help widget (accounts §1): a launcher button and a panel with the conversation. The chart
 * (chat-help.machine.ts) lives as long as the widget, so closing the panel keeps the conversation. When the
 * assistant cannot help it offers a ticket; a yes opens one with the conversation attached, and the widget
 * links it. Errors show the text the bot adapter picked (nested error, or the unknown-error message).
 */
export default function ChatHelpWidget({ role }: { role: Role }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const machines = useTicketsMachines();
  const chat = useActorRef(machines.chat);
  const messages = useSelector(chat, selectChatMessages);
  const pending = useSelector(chat, selectChatPending);
  const error = useSelector(chat, selectChatError);
  const busy = useSelector(chat, selectChatBusy);
  const canSend = useSelector(chat, selectChatCanSend);
  const offering = useSelector(chat, selectChatOffering);
  const canEnd = useSelector(chat, selectChatCanEnd);
  const handedOver = useSelector(chat, selectChatHandedOver);
  const ticketId = useSelector(chat, selectChatTicketId);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const panelId = useId();
  const titleId = useId();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const log = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [messages, pending]);

  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  return (
    <aside className={styles.widget} aria-label={t('chat.region')} data-chat-widget="">
      {open ? (
        <section
          id={panelId}
          className={styles.panel}
          aria-labelledby={titleId}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <header className={styles.head}>
            <h2 id={titleId} className={styles.title}>
              {t('chat.title')}
            </h2>
            <Button variant="text" onClick={close}>
              {t('chat.close')}
            </Button>
          </header>
          <ol ref={log} className={styles.log} aria-live="polite" aria-label={t('chat.conversation')}>
            {messages.length === 0 && !pending ? <li className={styles.hint}>{t('chat.hint')}</li> : null}
            {messages.map((m, i) => (
              <li key={i} className={m.from === 'person' ? styles.mine : styles.theirs}>
                <span className={styles.who}>{m.from === 'person' ? t('chat.me') : t('chat.assistant')}</span>
                <span className={styles.text}>{m.text}</span>
              </li>
            ))}
            {pending ? (
              <li className={styles.mine}>
                <span className={styles.who}>{t('chat.me')}</span>
                <span className={styles.text}>{pending}</span>
              </li>
            ) : null}
            {busy ? <li className={styles.hint}>{t('chat.thinking')}</li> : null}
          </ol>
          {error ? (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          ) : null}
          {offering ? (
            <div className={styles.offer} role="group" aria-label={t('chat.offer')}>
              <div className={styles.actions}>
                <Button onClick={() => chat.send({ type: 'chat.acceptTicket' })}>{t('chat.offerYes')}</Button>
                <Button variant="text" onClick={() => chat.send({ type: 'chat.declineTicket' })}>
                  {t('chat.offerNo')}
                </Button>
              </div>
            </div>
          ) : null}
          {handedOver && ticketId ? (
            <div className={styles.offer}>
              <Link href={ticketPath(role, { _id: ticketId, status: 'open' })}>{t('chat.openTicket')}</Link>
              <Button variant="text" onClick={() => chat.send({ type: 'chat.restart' })}>
                {t('chat.restart')}
              </Button>
            </div>
          ) : (
            <form
              className={styles.form}
              onSubmit={(event) => {
                event.preventDefault();
                if (!text.trim()) return;
                chat.send({ type: 'chat.send', message: text });
                setText('');
              }}
            >
              <label htmlFor={fieldId} className={styles.label}>
                {t('chat.message')}
              </label>
              <div className={styles.row}>
                <input
                  ref={field}
                  id={fieldId}
                  className={styles.input}
                  value={text}
                  maxLength={4000}
                  autoComplete="off"
                  onChange={(event) => setText(event.target.value)}
                />
                <Button type="submit" disabled={!canSend || text.trim() === ''}>
                  {t('chat.send')}
                </Button>
              </div>
              {canEnd ? (
                <Button variant="text" onClick={() => chat.send({ type: 'chat.end' })}>
                  {t('chat.end')}
                </Button>
              ) : null}
            </form>
          )}
        </section>
      ) : null}
      <button
        ref={launcher}
        type="button"
        className={styles.launcher}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? t('chat.hide') : t('chat.launcher')}
      </button>
    </aside>
  );
}
