import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { appointmentPath } from '../../../core/rules/appointment-views';
import { vendorRequirements, visitsNeedingAction } from '../../../core/rules/team-calendar';
import type { VendorSchedule } from '../../../core/model/vendor';
import {
  selectCanDecide,
  selectDeciding,
  selectQueueMode,
  selectQueueTimeOff,
  selectQueueVendors,
  selectQueueVisits,
  type QueueActor,
  type QueueView,
} from '../../../machines/features/team-queue.machine';
import { selectAccount, selectRole } from '../../../machines/flows/session.machine';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { useToasts } from '../../components/Toasts/useToasts';
import { Button } from '../../components/Button/Button';
import { Tag } from '../../components/Tag/Tag';
import { useAppointmentMachines } from '../../shared/Appointments';
import { AppointmentMessages } from './AppointmentMessages';
import { AppointmentRow, useT } from './parts';
import styles from './Appointments.module.css';

/** The screen's own queue chart (organization or vendor), its toasts, and the loading and error states. */
function useQueue(view: QueueView): QueueActor {
  const { queue } = useAppointmentMachines();
  const role = useSessionSelector(selectRole);
  const account = useSessionSelector(selectAccount);
  const actor = useActorRef(queue, { input: { view, role, owner: account?._id ?? '' } });
  const toasts = useToasts();
  useEffect(() => {
    const notices = actor.on('notify', (event) => toasts.show({ kind: event.kind, message: { error: { code: event.code, message: event.message } } }));
    return () => notices.unsubscribe();
  }, [actor, toasts]);
  return actor;
}

function QueueState({ queue }: { queue: QueueActor }) {
  const { t } = useT();
  const mode = useSelector(queue, selectQueueMode);
  if (mode === 'loading') return <ScreenLoading />;
  return (
    <div role="alert" className={styles.error}>
      <p>{t('queue.loadError')}</p>
      <Button variant="text" onClick={() => queue.send({ type: 'queue.retry' })}>
        {t('appointments.retry')}
      </Button>
    </div>
  );
}

/**
 * /actions/appointments (vendor, organization): the visits that need action (rule teamCalendar.needsAction)
 * and the time-off requests waiting. The organization approves or rejects a request here (the time-off queue);
 * the vendor sees its own requests waiting.
 */
export function ActionsScreen() {
  return (
    <AppointmentMessages>
      <Actions queue={useQueue('actions')} />
    </AppointmentMessages>
  );
}

function Actions({ queue }: { queue: QueueActor }) {
  const { intl, t } = useT();
  const { now } = useAppointmentMachines();
  const role = useSessionSelector(selectRole);
  const mode = useSelector(queue, selectQueueMode);
  const visits = useSelector(queue, selectQueueVisits);
  const timeOff = useSelector(queue, selectQueueTimeOff);
  const canDecide = useSelector(queue, selectCanDecide);
  const deciding = useSelector(queue, selectDeciding);
  const shown = useMemo(() => visitsNeedingAction(visits, now()), [visits, now]);
  const range = (r: VendorSchedule) =>
    t('queue.timeOff.range', {
      start: intl.formatDate(r.start_time, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }),
      end: intl.formatDate(new Date(Date.parse(r.end_time) - 1), { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }),
    });

  return (
    <section className={styles.page} aria-labelledby="actions-title" aria-busy={mode === 'loading'}>
      <h1 id="actions-title" className={styles.title}>
        {t('queue.actions.title')}
      </h1>
      {mode !== 'ready' ? (
        <QueueState queue={queue} />
      ) : (
        <>
          <section aria-labelledby="time-off-title">
            <h2 id="time-off-title" className={styles.subtitle}>
              {t('queue.timeOff.title')}
            </h2>
            {timeOff.length === 0 ? (
              <p className={styles.muted}>{t('queue.timeOff.none')}</p>
            ) : (
              <ul className={styles.list}>
                {timeOff.map((r) => {
                  const who = [r.vendor_data?.first_name, r.vendor_data?.last_name].filter(Boolean).join(' ') || r.vendor_data?.primary_email || r.vendor_id;
                  return (
                    <li key={r.schedule_id} className={styles.row}>
                      <div className={styles.rowLink}>
                        <span className={styles.name}>{who}</span>
                        <span className={styles.meta}>{range(r)}</span>
                        {r.note ? <span className={styles.meta}>{r.note}</span> : null}
                      </div>
                      {canDecide || deciding === r.schedule_id ? (
                        <span className={styles.tags}>
                          <Button
                            onClick={() => queue.send({ type: 'timeOff.decide', scheduleId: r.schedule_id, approval: 'approved' })}
                            disabled={deciding !== null}
                            aria-label={t('queue.timeOff.approveWho', { name: who })}
                          >
                            {t('queue.timeOff.approve')}
                          </Button>
                          <Button
                            variant="text"
                            onClick={() => queue.send({ type: 'timeOff.decide', scheduleId: r.schedule_id, approval: 'rejected' })}
                            disabled={deciding !== null}
                            aria-label={t('queue.timeOff.rejectWho', { name: who })}
                          >
                            {t('queue.timeOff.reject')}
                          </Button>
                        </span>
                      ) : (
                        <Tag tone="info">{t('queue.timeOff.waiting')}</Tag>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <section aria-labelledby="visits-title">
            <h2 id="visits-title" className={styles.subtitle}>
              {t('queue.visits.title')}
            </h2>
            {shown.length === 0 ? (
              <p className={styles.muted}>{t('queue.visits.none')}</p>
            ) : (
              <ul className={styles.list}>
                {shown.map((a) => (
                  <AppointmentRow key={a._id} appointment={a} href={appointmentPath(role, a._id)} who={role === 'vendor' ? 'customer' : 'vendor'} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}

/**
 * /requirements (vendor, organization): per vendor (the vendor: itself) what it needs to take visits — working
 * hours set, part of an organization, no time-off request waiting (rule vendorRequirements).
 */
export function RequirementsScreen() {
  return (
    <AppointmentMessages>
      <Requirements queue={useQueue('requirements')} />
    </AppointmentMessages>
  );
}

function Requirements({ queue }: { queue: QueueActor }) {
  const { t } = useT();
  const mode = useSelector(queue, selectQueueMode);
  const vendors = useSelector(queue, selectQueueVendors);
  const timeOff = useSelector(queue, selectQueueTimeOff);
  return (
    <section className={styles.page} aria-labelledby="requirements-title" aria-busy={mode === 'loading'}>
      <h1 id="requirements-title" className={styles.title}>
        {t('queue.requirements.title')}
      </h1>
      {mode !== 'ready' ? (
        <QueueState queue={queue} />
      ) : vendors.length === 0 ? (
        <p className={styles.muted}>{t('team.schedule.noVendors')}</p>
      ) : (
        <ul className={styles.list}>
          {vendors.map((v) => {
            const name = [v.first_name, v.last_name].filter(Boolean).join(' ') || v.primary_email;
            return (
              <li key={v._id} className={styles.panel}>
                <h2 className={styles.columnTitle}>{name}</h2>
                <ul className={styles.list} aria-label={t('queue.requirements.of', { name })}>
                  {vendorRequirements(v, timeOff).map((r) => (
                    <li key={r.id} className={styles.action}>
                      <Tag tone={r.met ? 'success' : 'warning'}>{t(r.met ? 'queue.requirements.met' : 'queue.requirements.missing')}</Tag>
                      <span>{t(`queue.requirements.${r.id}`)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
