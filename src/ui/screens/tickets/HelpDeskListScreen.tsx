import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Ticket } from '../../../core/model/ticket';
import type { Role } from '../../../core/model/roles';
import { helpDeskHome, opensOnBehalf, ticketPath } from '../../../core/rules/tickets';
import { selectActiveTickets, selectNewTicketIds, selectPastTickets, selectTicketsMode, selectTicketsRole } from '../../../machines/features/tickets.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { useTicketsActor, useTicketsSelector } from '../../app/useTickets';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Tag } from '../../components/Tag/Tag';
import styles from './Tickets.module.css';
import { withTicketsMessages } from '../../i18n/tickets-messages';

const NONE: readonly Ticket[] = [];
const NO_IDS: readonly string[] = [];
const sameIds = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id, i) => id === b[i]);
/** Who opens tickets from the list: the customer, and super on someone's behalf (vendors and organizations write to support from the chat). */
const newTicketPath = (role: Role): string | null => (role === 'customer' ? '/help-desk/ticket/new' : opensOnBehalf(role) ? '/admin/help-desk/new' : null);
const HISTORY_ROUTES = ['helpDeskHistory', 'ticketHistory'];

/**
 * The help desk's lists (bookings §2): `…/help-desk` lists the active tickets, `…/help-desk/history` and
 * /tickets/ticket-history the ones closed in the past 7 days. Both read the session's help-desk chart (the
 * same one that feeds the Help menu's count); modes come from its tags.
 */
function HelpDeskListScreen({ route }: Partial<ScreenProps>) {
  const intl = useIntl();
  const actor = useTicketsActor();
  const history = HISTORY_ROUTES.some((name) => route?.name === name || route?.name.endsWith(`.${name}`));
  const tickets = useTicketsSelector(actor, history ? selectPastTickets : selectActiveTickets, NONE);
  const mode = useTicketsSelector(actor, selectTicketsMode, 'loading');
  const role = useTicketsSelector(actor, selectTicketsRole, 'none');
  const newIds = useTicketsSelector(actor, selectNewTicketIds, NO_IDS, sameIds);
  const home = helpDeskHome(role);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  let body;
  if (mode === 'loading') body = <ScreenLoading />;
  else if (mode === 'error')
    body = (
      <div role="alert" className={styles.error}>
        <p>{t('error.code.tickets_load_error')}</p>
        <Button variant="text" onClick={() => actor?.send({ type: 'tickets.retry' })}>
          {t('helpdesk.retry')}
        </Button>
      </div>
    );
  else if (tickets.length === 0) body = <EmptyState message={t(history ? 'helpdesk.history.empty' : 'helpdesk.empty')} description={t(history ? 'helpdesk.history.emptyHint' : 'helpdesk.emptyHint')} />;
  else
    body = (
      <ul className={styles.list}>
        {tickets.map((ticket) => {
          const fresh = newIds.includes(ticket._id);
          return (
            <li key={ticket._id} className={styles.row}>
              <Link href={ticketPath(role, ticket)} className={styles.rowLink}>
                <span className={styles.subject}>{ticket.subject || t('helpdesk.noSubject', { number: ticket.ticket_id })}</span>
                <span className={styles.meta}>
                  #{ticket.ticket_id} · {t(`helpdesk.type.${ticket.type}`)} · {t(`helpdesk.priority.${ticket.priority}`)}
                </span>
              </Link>
              <span className={styles.tags}>
                <Tag tone={ticket.status === 'open' ? 'success' : 'neutral'}>{t(`helpdesk.status.${ticket.status}`)}</Tag>
                {fresh ? <Tag tone="warning">{t('helpdesk.new')}</Tag> : null}
              </span>
            </li>
          );
        })}
      </ul>
    );

  return (
    <section className={styles.page} aria-labelledby="helpdesk-title">
      <h1 id="helpdesk-title" className={styles.title}>
        {t(history ? 'helpdesk.history.title' : 'helpdesk.title')}
      </h1>
      <nav className={styles.tabs} aria-label={t('helpdesk.title')}>
        <Link href={home} aria-current={history ? undefined : 'page'}>
          {t('helpdesk.tab.active')}
        </Link>
        <Link href={`${home}/history`} aria-current={history ? 'page' : undefined}>
          {t('helpdesk.tab.history')}
        </Link>
        {newTicketPath(role) ? <Link href={newTicketPath(role)!}>{t('helpdesk.newTicket.link')}</Link> : null}
      </nav>
      {body}
    </section>
  );
}

export default withTicketsMessages(HelpDeskListScreen);
