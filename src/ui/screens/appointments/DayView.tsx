import { Link } from 'wouter';
import type { Appointment } from '../../../core/model/appointment';
import type { Role } from '../../../core/model/roles';
import { TIMELINE_HOURS, addDays, appointmentPath, appointmentViewRules, personName, timelinePlacement } from '../../../core/rules/appointment-views';
import { Button } from '../../components/Button/Button';
import { timeOf, useT } from './parts';
import styles from './Appointments.module.css';

/**
 * The parts of a day view, shared by the vendor's work schedule and the organization's day (a column per
 * vendor): the 8 AM–8 PM timeline, the previous/next day navigation and the day/list toggle.
 */

/** The day from 8 AM to 8 PM: an hour line each hour, each visit placed by its start and length (it never scrolls sideways). */
export function Timeline({ visits, viewer, label, compact = false }: { visits: readonly Appointment[]; viewer: Role; label: string; compact?: boolean }) {
  const { intl, t } = useT();
  return (
    <div className={compact ? styles.timelineCompact : undefined}>
      {visits.length === 0 ? <p className={styles.muted}>{t('vendor.schedule.empty')}</p> : null}
      <div className={styles.timeline} role="region" aria-label={label}>
        {TIMELINE_HOURS.map((hour, i) => (
          <div key={hour} className={styles.hour} style={{ top: `${(i / (TIMELINE_HOURS.length - 1)) * 100}%` }} aria-hidden="true">
            <span className={styles.hourLabel}>{intl.formatTime(new Date(2000, 0, 1, hour), { hour: 'numeric' })}</span>
          </div>
        ))}
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {visits.map((a) => {
            const { top, height } = timelinePlacement(a);
            const muted = !appointmentViewRules.onRoute.test({ appointment: a }) || a.status === 'complete';
            return (
              <li key={a._id}>
                <Link
                  href={appointmentPath(viewer, a._id)}
                  className={`${styles.visit} ${muted ? styles.visitMuted : ''}`}
                  style={{ top: `${top}%`, height: `${height}%` }}
                >
                  <span>
                    {timeOf(intl, a.start_time, a)} · {a.service_data.name}
                  </span>
                  <span>
                    {personName(a.customer_data)} · {t(`appointments.status.${a.status}`)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}

/** Previous day, the day shown, next day, and back to today. */
export function DayNav({ day, today, label, onDay }: { day: string; today: string; label: string; onDay: (day: string) => void }) {
  const { intl, t } = useT();
  const dayLabel = intl.formatDate(`${day}T12:00:00`, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  return (
    <nav className={styles.dayNav} aria-label={label}>
      <Button variant="text" onClick={() => onDay(addDays(day, -1))}>
        ‹ {t('vendor.schedule.previous')}
      </Button>
      <span className={styles.dayLabel} aria-live="polite">
        {dayLabel}
      </span>
      <Button variant="text" onClick={() => onDay(addDays(day, 1))}>
        {t('vendor.schedule.next')} ›
      </Button>
      {day !== today ? (
        <Button variant="text" onClick={() => onDay(today)}>
          {t('vendor.schedule.today')}
        </Button>
      ) : null}
    </nav>
  );
}

/** The day view or the list. */
export function ViewToggle({ view, onView }: { view: 'day' | 'list'; onView: (view: 'day' | 'list') => void }) {
  const { t } = useT();
  return (
    <div className={styles.toggle} role="group" aria-label={t('vendor.schedule.view')}>
      <button type="button" aria-pressed={view === 'day'} onClick={() => onView('day')}>
        {t('vendor.schedule.dayView')}
      </button>
      <button type="button" aria-pressed={view === 'list'} onClick={() => onView('list')}>
        {t('vendor.schedule.listView')}
      </button>
    </div>
  );
}
