import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { Appointment } from '../../../core/model/appointment';
import type { Role } from '../../../core/model/roles';
import { HomeSizes, type HomeSize } from '../../../core/model/service';
import { extrasRules, selectExtrasBusy, selectExtrasError, type ExtrasActor } from '../../../machines/features/appointment-extras.machine';
import { Button } from '../../components/Button/Button';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { TextArea } from '../../components/TextArea/TextArea';
import { useT } from './parts';
import styles from './Appointments.module.css';

/**
 * The approval request of one appointment (bookings §3, §4): a pending one for the customer to approve or
 * decline, the last decision otherwise; and for the vendor or organization, asking for a home-size change
 * (with a note) while the appointment chart allows it.
 */
export function ApprovalPanel({ extras, appointment, role, now }: { extras: ExtrasActor; appointment: Appointment; role: Role; now: () => string }) {
  const { t } = useT();
  const busy = useSelector(extras, selectExtrasBusy);
  const error = useSelector(extras, selectExtrasError);
  const current = appointment.approval_data ?? null;
  const homeSize = appointment.address_data?.address_meta?.home_size;
  const [size, setSize] = useState<HomeSize | ''>('');
  const [note, setNote] = useState('');
  const id = useId();
  const mayDecide = extrasRules.mayDecideApproval.test({ appointment, role });
  const mayAsk = extrasRules.mayRequestHomeSize.test({ appointment, role, now: now() });
  if (!current && !mayAsk) return null;
  const decide = (approved: boolean) =>
    current?._id && extras.send({ type: 'extras.change', appointment, change: { kind: 'decideApproval', approvalId: current._id, approved } });

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.subtitle}>
        {t('approval.title')}
      </h2>
      {current ? (
        <div className={styles.panel} aria-live="polite">
          <p>
            {current.type === 'home_size' && current.data?.homeSize
              ? t('approval.homeSize', { from: homeSize ? t(`appointment.homeSize.${homeSize}`) : '—', to: t(`appointment.homeSize.${current.data.homeSize}`) })
              : t('approval.startTime')}{' '}
            · <strong>{t(`approval.status.${current.status}`)}</strong>
          </p>
          {current.note ? <p className={styles.muted}>{t('approval.note', { note: current.note })}</p> : null}
          {mayDecide ? (
            <div className={styles.action}>
              <Button variant="primary" loading={busy} onClick={() => decide(true)}>
                {t('approval.approve')}
              </Button>
              <Button variant="text" disabled={busy} onClick={() => decide(false)}>
                {t('approval.decline')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {mayAsk ? (
        <form
          className={styles.panel}
          aria-labelledby={`${id}-ask`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!size) return;
            extras.send({ type: 'extras.change', appointment, change: { kind: 'requestHomeSize', homeSize: size, note } });
          }}
        >
          <h3 id={`${id}-ask`}>{t('approval.ask')}</h3>
          <div className={styles.note}>
            <Dropdown<HomeSize>
              id={`${id}-size`}
              label={t('approval.ask.size')}
              placeholder={t('approval.ask.placeholder')}
              options={HomeSizes.filter((s) => s !== homeSize).map((s) => ({ value: s, label: t(`appointment.homeSize.${s}`) }))}
              value={size || null}
              onChange={setSize}
            />
          </div>
          <TextArea
            id={`${id}-note`}
            label={t('approval.ask.note')}
            value={note}
            maxLength={500}
            onChange={setNote}
            error={error ? t('error.code.note_required') : undefined}
            errorRole="alert"
          />
          <div>
            <Button type="submit" loading={busy} disabled={!size}>
              {t('approval.ask.submit')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
