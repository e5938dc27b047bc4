import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import { appointmentPath, personName } from '../../../core/rules/appointment-views';
import {
  selectMoveCan,
  selectMoveFailure,
  selectMoveForm,
  selectMoveLoadError,
  selectMoveMode,
  selectMoveRefusal,
  selectMoveResult,
  selectMoveVendors,
  type VendorMoveActor,
} from '../../../machines/features/vendor-move.machine';
import { ScreenLoading } from '../../app/lazy-screen';
import { Button } from '../../components/Button/Button';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { useAppointmentMachines } from '../../shared/Appointments';
import { AppointmentMessages } from './AppointmentMessages';
import { useT, whenOf } from './parts';
import styles from './Appointments.module.css';

/**
 * /admin/move-vendor-appointments (accounts §2, super): one vendor's open visits of a date range (whole days)
 * go to another vendor, all or nothing. The form's rules are the chart's (src/core/rules/vendor-move.ts); the
 * server checks each visit against the new vendor's calendar and, if one cannot go, moves nothing and says which.
 */
export default function MoveVendorAppointmentsScreen() {
  const machines = useAppointmentMachines();
  const move = useActorRef(machines.vendorMove);
  return (
    <AppointmentMessages>
      <Move move={move} />
    </AppointmentMessages>
  );
}

function Move({ move }: { move: VendorMoveActor }) {
  const { intl, t } = useT();
  const mode = useSelector(move, selectMoveMode);
  const form = useSelector(move, selectMoveForm);
  const vendors = useSelector(move, selectMoveVendors);
  const refusal = useSelector(move, selectMoveRefusal);
  const result = useSelector(move, selectMoveResult);
  const failure = useSelector(move, selectMoveFailure);
  const loadError = useSelector(move, selectMoveLoadError);
  const canSubmit = useSelector(move, (s) => selectMoveCan(s, 'move.submit'));
  const id = useId();
  const nameOf = (vendorId: string | null) => {
    const v = vendors.find((x) => x._id === vendorId);
    return v ? personName(v) || v.primary_email || '' : '';
  };
  const options = vendors.map((v) => ({ value: v._id, label: personName(v) ? `${personName(v)} · ${v.primary_email ?? ''}` : (v.primary_email ?? v._id), textValue: personName(v) }));
  const editing = mode === 'editing';

  const header = (
    <>
      <h1 id="move-title" className={styles.title}>
        {t('move.title')}
      </h1>
      <p className={styles.muted}>{t('move.intro')}</p>
    </>
  );
  if (mode === 'loading')
    return (
      <section className={styles.page} aria-labelledby="move-title" aria-busy>
        {header}
        <ScreenLoading />
      </section>
    );
  if (mode === 'error')
    return (
      <section className={styles.page} aria-labelledby="move-title">
        {header}
        <div role="alert" className={styles.error}>
          <p className={styles.fieldError}>
            {t('move.loadError')} {loadError ? `(${loadError})` : null}
          </p>
          <Button variant="text" onClick={() => move.send({ type: 'move.retry' })}>
            {t('appointments.retry')}
          </Button>
        </div>
      </section>
    );

  return (
    <section className={styles.page} aria-labelledby="move-title" aria-busy={mode === 'moving'}>
      {header}
      <form
        className={styles.panel}
        aria-labelledby="move-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          move.send({ type: 'move.submit' });
        }}
      >
        <Dropdown
          label={t('move.from')}
          placeholder={t('appointment.reassign.placeholder')}
          options={options}
          value={form.from}
          disabled={!editing}
          onChange={(vendorId) => move.send({ type: 'move.from', vendorId })}
          width={320}
        />
        <Dropdown
          label={t('move.to')}
          placeholder={t('appointment.reassign.placeholder')}
          options={options}
          value={form.to}
          disabled={!editing}
          onChange={(vendorId) => move.send({ type: 'move.to', vendorId })}
          width={320}
        />
        <div className={styles.note}>
          <label htmlFor={`${id}-start`}>{t('move.start')}</label>
          <input
            id={`${id}-start`}
            type="date"
            className={styles.dayInput}
            value={form.start}
            disabled={!editing}
            onChange={(e) => move.send({ type: 'move.start', day: e.target.value })}
          />
        </div>
        <div className={styles.note}>
          <label htmlFor={`${id}-end`}>{t('move.end')}</label>
          <input
            id={`${id}-end`}
            type="date"
            className={styles.dayInput}
            value={form.end}
            min={form.start || undefined}
            disabled={!editing}
            onChange={(e) => move.send({ type: 'move.end', day: e.target.value })}
          />
        </div>
        <p className={styles.muted}>{t('move.hint')}</p>
        {refusal ? (
          <p role="alert" className={styles.fieldError}>
            {t(`error.code.${refusal}`)}
          </p>
        ) : null}
        {editing ? (
          <div className={styles.panelActions}>
            <Button type="submit" variant="primary" disabled={!canSubmit}>
              {t('move.submit')}
            </Button>
          </div>
        ) : null}
      </form>

      {mode === 'confirming' || mode === 'moving' ? (
        <div className={styles.panel} role="group" aria-labelledby={`${id}-confirm`}>
          <h2 id={`${id}-confirm`} className={styles.subtitle}>
            {t('move.confirm.title')}
          </h2>
          <p>{t('move.confirm.body', { from: nameOf(form.from), to: nameOf(form.to), start: intl.formatDate(`${form.start}T12:00:00`, { dateStyle: 'medium' }), end: intl.formatDate(`${form.end}T12:00:00`, { dateStyle: 'medium' }) })}</p>
          <div className={styles.panelActions}>
            <Button variant="primary" loading={mode === 'moving'} onClick={() => move.send({ type: 'move.confirm' })}>
              {t('move.confirm.yes')}
            </Button>
            <Button variant="text" disabled={mode === 'moving'} onClick={() => move.send({ type: 'move.edit' })}>
              {t('move.confirm.back')}
            </Button>
          </div>
        </div>
      ) : null}

      <div aria-live="polite">
        {mode === 'moved' && result ? (
          <div className={styles.panel} role="status">
            <h2 className={styles.subtitle}>{t('move.done.title', { count: result.moved, to: nameOf(form.to) })}</h2>
            {result.items.length ? (
              <ul className={styles.list}>
                {result.items.map((a) => (
                  <li key={a._id}>
                    <Link href={appointmentPath('super', a._id)}>
                      {a.service_data.name} · {whenOf(intl, a.start_time, a)} · {personName(a.customer_data)}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>{t('move.done.none')}</p>
            )}
            <div>
              <Button variant="text" onClick={() => move.send({ type: 'move.edit' })}>
                {t('move.again')}
              </Button>
            </div>
          </div>
        ) : null}
        {mode === 'refused' && failure ? (
          <div className={styles.panel} role="alert">
            <h2 className={styles.subtitle}>{t('move.refused.title')}</h2>
            <p>{failure.code === 'move_refused' ? t('move.refused.body') : null}</p>
            <p className={`${styles.muted} ${styles.wrap}`}>{failure.code && failure.code !== 'move_refused' && intl.messages[`error.code.${failure.code}`] ? t(`error.code.${failure.code}`) : failure.message}</p>
            <div>
              <Button variant="text" onClick={() => move.send({ type: 'move.edit' })}>
                {t('move.again')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
