import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { DaysOfWeek, type DayOfWeek } from '../../../core/model/common';
import type { AccountId } from '../../../core/model/ids';
import { toTimeOfDay, workingTimes } from '../../../core/rules/availability';
import {
  selectAsking,
  selectAvailabilityMode,
  selectCanEdit,
  selectHoursMessage,
  selectSaving,
  selectTimeOff,
  selectTimeOffMessage,
  selectWindows,
  type StatusMessage,
} from '../../../machines/features/availability.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { useMessageForError } from '../../i18n/errors';
import { useAvailabilityMachines } from '../../shared/Availability';
import styles from './Availability.module.css';
import { withAvailabilityMessages } from '../../i18n/availability-messages';

/** Every 15-minute time of the working range, 08:00 … 20:00, as the contract's HHMM. */
const TIMES = workingTimes().map(toTimeOfDay);
const label = (hhmm: string) => `${hhmm.slice(0, 2)}:${hhmm.slice(2)}`;

/**
 * /vendor/availability (issue 9): the vendor's weekly working hours, a day at a time, in 15-minute steps inside
 * 8AM–8PM (the core rule checks them before they are sent), and time off by whole days, which waits for the
 * organization's approval. The chart (vendor-availability.machine.ts) loads, saves and asks; the view shows its
 * tags and context.
 */
function VendorAvailabilityScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useMessageForError();
  const machines = useAvailabilityMachines();
  const account = useSessionSelector(selectAccount);
  const chart = useActorRef(machines.availability, { input: { vendorId: (account?._id ?? '') as AccountId, today: machines.today() } });
  const mode = useSelector(chart, selectAvailabilityMode);
  const windows = useSelector(chart, selectWindows);
  const timeOff = useSelector(chart, selectTimeOff);
  const hoursMessage = useSelector(chart, selectHoursMessage);
  const timeOffMessage = useSelector(chart, selectTimeOffMessage);
  const saving = useSelector(chart, selectSaving);
  const asking = useSelector(chart, selectAsking);
  const canEdit = useSelector(chart, selectCanEdit);
  const [startDay, setStartDay] = useState('');
  const [endDay, setEndDay] = useState('');
  const [note, setNote] = useState('');
  const hoursStatusId = useId();
  const dateFormat = new Intl.DateTimeFormat(intl.locale, { dateStyle: 'medium', timeStyle: 'short' });

  if (mode === 'loading') return <ScreenLoading />;
  if (mode === 'error')
    return (
      <section className={styles.page} aria-labelledby="availability-title">
        <h1 id="availability-title" className={styles.title}>
          {t('availability.title')}
        </h1>
        <div className={styles.state} role="alert">
          <p className={styles.message}>{t('availability.loadError')}</p>
          <Button onClick={() => chart.send({ type: 'availability.retry' })}>{t('availability.retry')}</Button>
        </div>
      </section>
    );

  const text = (m: StatusMessage) => errorText({ code: m.code, message: m.message });
  const dayName = (day: DayOfWeek) => t(`availability.day.${day}`);

  return (
    <section className={styles.page} aria-labelledby="availability-title">
      <h1 id="availability-title" className={styles.title}>
        {t('availability.title')}
      </h1>
      <p className={styles.lead}>{t('availability.lead')}</p>

      <section className={styles.section} aria-labelledby="hours-title">
        <h2 id="hours-title" className={styles.subtitle}>
          {t('availability.hours')}
        </h2>
        <ul className={styles.days}>
          {DaysOfWeek.map((day) => {
            const mine = windows.map((w, index) => ({ w, index })).filter(({ w }) => w.day_of_week === day);
            return (
              <li key={day} className={styles.day}>
                <div className={styles.dayHead}>
                  <h3 className={styles.dayName}>{dayName(day)}</h3>
                  <Button variant="text" disabled={!canEdit} onClick={() => chart.send({ type: 'hours.add', day })}>
                    {t('availability.addHours', { day: dayName(day) })}
                  </Button>
                </div>
                {mine.length === 0 ? (
                  <p className={styles.closed}>{t('availability.closed')}</p>
                ) : (
                  <ul className={styles.windows}>
                    {mine.map(({ w, index }, n) => (
                      <li key={index} className={styles.window}>
                        <label className={styles.time}>
                          {t('availability.from', { day: dayName(day), n: n + 1 })}
                          <select
                            value={w.start}
                            disabled={!canEdit}
                            aria-describedby={hoursMessage?.index === index ? hoursStatusId : undefined}
                            aria-invalid={hoursMessage?.index === index || undefined}
                            onChange={(e) => chart.send({ type: 'hours.change', index, start: e.target.value })}
                          >
                            {TIMES.map((time) => (
                              <option key={time} value={time}>
                                {label(time)}
                              </option>
                            ))}
                          </select>
                        </label>
                        <label className={styles.time}>
                          {t('availability.to', { day: dayName(day), n: n + 1 })}
                          <select
                            value={w.end}
                            disabled={!canEdit}
                            aria-describedby={hoursMessage?.index === index ? hoursStatusId : undefined}
                            aria-invalid={hoursMessage?.index === index || undefined}
                            onChange={(e) => chart.send({ type: 'hours.change', index, end: e.target.value })}
                          >
                            {TIMES.map((time) => (
                              <option key={time} value={time}>
                                {label(time)}
                              </option>
                            ))}
                          </select>
                        </label>
                        <Button variant="text" disabled={!canEdit} onClick={() => chart.send({ type: 'hours.remove', index })}>
                          {t('availability.remove', { day: dayName(day), n: n + 1 })}
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
        <div className={styles.actions}>
          <Button loading={saving} disabled={!canEdit && !saving} onClick={() => chart.send({ type: 'hours.save' })}>
            {t('availability.save')}
          </Button>
          <p
            id={hoursStatusId}
            className={`${styles.message} ${hoursMessage?.kind === 'error' ? styles.error : ''}`}
            role={hoursMessage?.kind === 'error' ? 'alert' : 'status'}
          >
            {hoursMessage ? text(hoursMessage) : ''}
          </p>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="time-off-title">
        <h2 id="time-off-title" className={styles.subtitle}>
          {t('availability.timeOff')}
        </h2>
        <p className={styles.lead}>{t('availability.timeOffLead')}</p>
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            chart.send({ type: 'timeOff.ask', startDay, endDay: endDay || startDay, note });
          }}
        >
          <TextField type="date" label={t('availability.firstDay')} value={startDay} onChange={setStartDay} required />
          <TextField type="date" label={t('availability.lastDay')} value={endDay} onChange={setEndDay} hint={t('availability.lastDayHint')} />
          <TextField label={t('availability.note')} value={note} onChange={setNote} maxLength={500} />
          <div className={styles.actions}>
            <Button type="submit" loading={asking} disabled={!canEdit && !asking}>
              {t('availability.ask')}
            </Button>
            <p className={`${styles.message} ${timeOffMessage?.kind === 'error' ? styles.error : ''}`} role={timeOffMessage?.kind === 'error' ? 'alert' : 'status'}>
              {timeOffMessage ? text(timeOffMessage) : ''}
            </p>
          </div>
        </form>
        {timeOff.length === 0 ? (
          <p className={styles.closed}>{t('availability.noTimeOff')}</p>
        ) : (
          <ul className={styles.list} aria-label={t('availability.requests')}>
            {timeOff.map((r) => (
              <li key={r.schedule_id} className={styles.request}>
                <span>
                  {dateFormat.format(new Date(r.start_time))} – {dateFormat.format(new Date(r.end_time))}
                  {r.note ? ` · ${r.note}` : ''}
                </span>
                <strong>{t(`availability.approval.${r.approval}`)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/** With its texts (`availability.*.json`): they load with this screen, not with the app. */
export default withAvailabilityMessages(VendorAvailabilityScreen);
