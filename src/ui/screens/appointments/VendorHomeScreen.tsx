import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { appointmentPath, dayOf, personName, routeOf } from '../../../core/rules/appointment-views';
import { selectCanSaveNote, selectItems, selectListMode, selectNote, selectSavingNote, type ListActor } from '../../../machines/features/appointment-list.machine';
import { selectRole } from '../../../machines/flows/session.machine';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { useAppointmentMachines } from '../../shared/Appointments';
import { useListNotices } from './CustomerAppointmentsScreen';
import { StatusTag, timeOf, useT } from './parts';
import { AppointmentMessages } from './AppointmentMessages';
import styles from './Appointments.module.css';

/**
 * The vendor's home (/vendor, bookings §2, §3): today's route — the day's visits in start order, with the
 * address and the customer — and the today note (note, done, date), saved with POST appointments/today.
 */
export default function VendorHomeScreen() {
  const machines = useAppointmentMachines();
  const list = useActorRef(machines.list, { input: { kind: 'day', day: dayOf(new Date(machines.now())) } });
  return (
    <AppointmentMessages>
      <Today list={list} />
    </AppointmentMessages>
  );
}

function Today({ list }: { list: ListActor }) {
  const { intl, t } = useT();
  const role = useSessionSelector(selectRole);
  const mode = useSelector(list, selectListMode);
  const items = useSelector(list, selectItems);
  const saved = useSelector(list, selectNote);
  const saving = useSelector(list, selectSavingNote);
  const canSave = useSelector(list, selectCanSaveNote);
  const route = useMemo(() => routeOf(items), [items]);
  const [note, setNote] = useState('');
  const [done, setDone] = useState(false);
  const noteId = useId();
  useListNotices(list);
  // The saved note fills the form when it arrives (and again after each save or live reload).
  useEffect(() => {
    setNote(saved?.note ?? '');
    setDone(saved?.status === 'done');
  }, [saved]);

  let body;
  if (mode === 'loading') body = <ScreenLoading />;
  else if (mode === 'error')
    body = (
      <div role="alert" className={styles.error}>
        <p>{t('appointments.loadError')}</p>
        <Button variant="text" onClick={() => list.send({ type: 'list.retry' })}>
          {t('appointments.retry')}
        </Button>
      </div>
    );
  else
    body = (
      <>
        <section aria-labelledby="route-title">
          <h2 id="route-title" className={styles.subtitle}>
            {t('vendor.home.route')}
          </h2>
          {route.length === 0 ? (
            <p className={styles.muted}>{t('vendor.home.routeEmpty')}</p>
          ) : (
            <ol className={styles.list}>
              {route.map((a, i) => (
                <li key={a._id} className={styles.row}>
                  <Link href={appointmentPath(role, a._id)} className={styles.rowLink}>
                    <span className={styles.name}>
                      {t('vendor.schedule.stop', { number: i + 1 })} · {timeOf(intl, a.start_time)} · {a.service_data.name}
                    </span>
                    <span className={styles.meta}>{a.address_data?.address_formatted}</span>
                    <span className={styles.meta}>
                      {t('appointment.field.customer')}: {personName(a.customer_data)}
                    </span>
                  </Link>
                  <StatusTag status={a.status} />
                </li>
              ))}
            </ol>
          )}
          <p>
            <Link href="/vendor/appointments">{t('vendor.home.schedule')}</Link>
          </p>
        </section>
        <section aria-labelledby="note-title">
          <h2 id="note-title" className={styles.subtitle}>
            {t('vendor.note.title')}
          </h2>
          <form
            className={styles.panel}
            onSubmit={(e) => {
              e.preventDefault();
              list.send({ type: 'note.save', note, status: done ? 'done' : 'open' });
            }}
          >
            <div className={styles.note}>
              <label htmlFor={noteId}>{t('vendor.note.label')}</label>
              <textarea id={noteId} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
            </div>
            <label className={styles.checkbox}>
              <input type="checkbox" checked={done} onChange={(e) => setDone(e.target.checked)} />
              {t('vendor.note.done')}
            </label>
            <div>
              <Button type="submit" disabled={!canSave || saving} loading={saving}>
                {t('vendor.note.save')}
              </Button>
            </div>
          </form>
        </section>
      </>
    );

  return (
    <section className={styles.page} aria-labelledby="today-title" aria-busy={mode === 'loading'}>
      <h1 id="today-title" className={styles.title}>
        {t('vendor.home.title')} · {intl.formatDate(new Date(), { weekday: 'long', month: 'long', day: 'numeric' })}
      </h1>
      {body}
    </section>
  );
}
