import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { appointmentPath, personName, routeOf } from '../../../core/rules/appointment-views';
import { dayOf } from '../../../core/rules/visit-time';
import { selectCanSaveNote, selectDay, selectItems, selectListMode, selectNote, selectSavingNote, type ListActor } from '../../../machines/features/appointment-list.machine';
import { selectRole } from '../../../machines/flows/session.machine';
import {
  selectLocationActive,
  selectLocationLastSent,
  selectLocationMode,
  selectLocationPingError,
  type LocationActor,
} from '../../../machines/features/location-sharing.machine';
import type { Appointment } from '../../../core/model/appointment';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { TextArea } from '../../components/TextArea/TextArea';
import { useAppointmentMachines } from '../../shared/Appointments';
import { useListNotices } from './CustomerAppointmentsScreen';
import { StatusTag, timeOf, useT } from './parts';
import { AppointmentMessages } from './AppointmentMessages';
import styles from './Appointments.module.css';

/**
 * The vendor's home (/vendor, bookings §2, §3): today's route — the day's visits in start order, with the
 * address and the customer — the today note (note, done, date), saved with POST appointments/today, and
 * "Share my location while working" (POST location/ping through the geolocation port, with the browser's
 * permission, while a visit is under way).
 */
export default function VendorHomeScreen() {
  const machines = useAppointmentMachines();
  // The route of the vendor's today as the server counts it (its service area's zone), whatever the browser's zone.
  const list = useActorRef(machines.list, { input: { kind: 'day', day: dayOf(new Date(machines.now())), serverToday: true } });
  const location = useActorRef(machines.locationSharing, { input: { now: machines.now } });
  return (
    <AppointmentMessages>
      <Today list={list} location={location} />
    </AppointmentMessages>
  );
}

function Today({ list, location }: { list: ListActor; location: LocationActor }) {
  const { intl, t } = useT();
  const role = useSessionSelector(selectRole);
  const mode = useSelector(list, selectListMode);
  const items = useSelector(list, selectItems);
  const saved = useSelector(list, selectNote);
  const saving = useSelector(list, selectSavingNote);
  // The day the route is of (the server's today for the vendor, once it has answered).
  const day = useSelector(list, selectDay);
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
                      {t('vendor.schedule.stop', { number: i + 1 })} · {timeOf(intl, a.start_time, a)} · {a.service_data.name}
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
        <LocationSharing location={location} visits={items} />
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
            <TextArea id={noteId} label={t('vendor.note.label')} value={note} maxLength={2000} onChange={setNote} />
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
        {t('vendor.home.title')} · {intl.formatDate(`${day}T12:00:00`, { weekday: 'long', month: 'long', day: 'numeric' })}
      </h1>
      {body}
    </section>
  );
}

/** "Share my location while working": a switch, and what it is doing now (asking, waiting for a visit, sending, refused). */
function LocationSharing({ location, visits }: { location: LocationActor; visits: readonly Appointment[] }) {
  const { intl, t } = useT();
  const mode = useSelector(location, selectLocationMode);
  const active = useSelector(location, selectLocationActive);
  const lastSent = useSelector(location, selectLocationLastSent);
  const pingError = useSelector(location, selectLocationPingError);
  const id = useId();
  useEffect(() => {
    location.send({ type: 'location.visits', visits });
  }, [location, visits]);
  const on = mode === 'sharing' || mode === 'asking';
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.subtitle}>
        {t('vendor.location.title')}
      </h2>
      <div className={styles.panel}>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            role="switch"
            checked={on}
            aria-describedby={`${id}-status`}
            onChange={(e) => location.send({ type: e.target.checked ? 'location.start' : 'location.stop' })}
          />
          {t('vendor.location.share')}
        </label>
        <div id={`${id}-status`} aria-live="polite">
          {mode === 'off' ? <p className={styles.muted}>{t('vendor.location.off')}</p> : null}
          {mode === 'asking' ? <p className={styles.muted}>{t('vendor.location.asking')}</p> : null}
          {mode === 'sharing' ? <p>{t(active ? 'vendor.location.sending' : 'vendor.location.waiting')}</p> : null}
          {mode === 'sharing' && lastSent ? <p className={styles.muted}>{t('vendor.location.lastSent', { time: intl.formatTime(lastSent, { hour: 'numeric', minute: '2-digit' }) })}</p> : null}
          {mode === 'sharing' && pingError ? <p className={styles.fieldError}>{t('vendor.location.sendFailed', { reason: pingError })}</p> : null}
        </div>
        {mode === 'denied' || mode === 'unavailable' ? (
          <div role="alert" className={styles.error}>
            <p className={styles.fieldError}>{t(`vendor.location.${mode}`)}</p>
            <Button variant="text" onClick={() => location.send({ type: 'location.start' })}>
              {t('appointments.retry')}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
