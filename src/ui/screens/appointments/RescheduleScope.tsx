import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { RescheduleScopes } from '../../../core/rules/recurrence';
import { selectRescheduleScope, type DetailActor } from '../../../machines/features/appointment-detail.machine';
import { useT } from './parts';
import styles from './Appointments.module.css';

/**
 * Rescheduling a visit of a subscription (issue 9): "this visit only" or "this and all later visits", as a
 * radio group (arrow keys move between the two; the screen reader reads the question as the group's name).
 * Shown only while the customer picks a new time for a subscription visit.
 */
export function RescheduleScope({ detail }: { detail: DetailActor }) {
  const { t } = useT();
  const scope = useSelector(detail, selectRescheduleScope);
  const name = useId();
  if (scope === null) return null;
  return (
    <fieldset className={styles.scope}>
      <legend>{t('appointment.scope.legend')}</legend>
      {RescheduleScopes.map((option) => (
        <label key={option} className={styles.scopeOption}>
          <input type="radio" name={name} value={option} checked={scope === option} onChange={() => detail.send({ type: 'detail.pickScope', scope: option })} />
          {t(`appointment.scope.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}
