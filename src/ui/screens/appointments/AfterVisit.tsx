import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { Appointment } from '../../../core/model/appointment';
import type { Role } from '../../../core/model/roles';
import {
  selectAfterMode,
  selectMayReview,
  selectReview,
  selectReviewError,
  selectReviewSending,
  selectVisitPhotos,
  type VisitAfterActor,
  type VisitPhoto,
} from '../../../machines/features/visit-after.machine';
import { Button } from '../../components/Button/Button';
import { Modal } from '../../components/Modal/Modal';
import { TextArea } from '../../components/TextArea/TextArea';
import { useAppointmentMachines } from '../../shared/Appointments';
import { useT } from './parts';
import styles from './AfterVisit.module.css';
import base from './Appointments.module.css';

/**
 * After a completed visit (issue 9): the vendor's photos (each opens full size) and the review — a form for
 * the customer until it has reviewed the visit, the review itself afterwards and for the other parties.
 */
export function AfterVisit({ appointment, role }: { appointment: Appointment; role: Role }) {
  const machines = useAppointmentMachines();
  const after = useActorRef(machines.visitAfter, { input: { appointmentId: appointment._id, imageIds: appointment.images ?? [], role } });
  const { t } = useT();
  const mode = useSelector(after, selectAfterMode);
  const photos = useSelector(after, selectVisitPhotos);
  return (
    <>
      <section aria-labelledby="photos-title">
        <h2 id="photos-title" className={base.subtitle}>
          {t('appointment.photos')}
        </h2>
        {mode === 'loading' ? <p className={base.muted}>{t('after.loading')}</p> : null}
        {mode === 'error' ? (
          <div role="alert">
            <p className={base.fieldError}>{t('after.error')}</p>
            <Button variant="text" onClick={() => after.send({ type: 'after.retry' })}>
              {t('appointments.retry')}
            </Button>
          </div>
        ) : null}
        {mode === 'ready' ? photos.length > 0 ? <Photos photos={photos} /> : <p className={base.muted}>{t('appointment.photos.none')}</p> : null}
      </section>
      {mode === 'ready' ? <ReviewPart after={after} /> : null}
    </>
  );
}

function Photos({ photos }: { photos: readonly VisitPhoto[] }) {
  const { t } = useT();
  const [open, setOpen] = useState<VisitPhoto | null>(null);
  return (
    <>
      <ul className={styles.photos} aria-label={t('appointment.photos.count', { count: photos.length })}>
        {photos.map((p, i) => {
          const name = t('after.photo', { n: i + 1, count: photos.length });
          return (
            <li key={p.id}>
              {p.src ? (
                <button type="button" className={styles.photoButton} onClick={() => setOpen(p)} aria-label={t('after.photo.open', { name })}>
                  <img src={p.src} alt={name} className={styles.photo} />
                </button>
              ) : (
                <span className={base.muted}>{t('after.photo.unavailable')}</span>
              )}
            </li>
          );
        })}
      </ul>
      <Modal open={open !== null} onClose={() => setOpen(null)} title={t('appointment.photos')} size="lg">
        {open?.src ? <img src={open.src} alt={open.name} className={styles.full} /> : null}
      </Modal>
    </>
  );
}

function ReviewPart({ after }: { after: VisitAfterActor }) {
  const { t } = useT();
  const review = useSelector(after, selectReview);
  const mayReview = useSelector(after, selectMayReview);
  const sending = useSelector(after, selectReviewSending);
  const error = useSelector(after, selectReviewError);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const id = useId();
  if (review)
    return (
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={base.subtitle}>
          {t('after.review.title')}
        </h2>
        <p>{t('after.review.rating', { rating: review.rating })}</p>
        {review.comment ? <p>{review.comment}</p> : null}
      </section>
    );
  if (!mayReview) return null;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={base.subtitle}>
        {t('after.review.ask')}
      </h2>
      <form
        className={styles.review}
        onSubmit={(e) => {
          e.preventDefault();
          after.send({ type: 'after.submit', rating, comment });
        }}
        aria-busy={sending}
      >
        <fieldset className={styles.stars} aria-describedby={error ? `${id}-error` : undefined}>
          <legend>{t('after.review.stars')}</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n}>
              <input type="radio" name={`${id}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} />
              {t('after.review.star', { n })}
            </label>
          ))}
        </fieldset>
        <TextArea id={`${id}-comment`} label={t('after.review.comment')} value={comment} maxLength={2000} onChange={setComment} />
        {error ? (
          <p id={`${id}-error`} role="alert" className={base.fieldError}>
            {error === 'rating_required' ? t('after.review.ratingRequired') : error}
          </p>
        ) : null}
        <div>
          <Button type="submit" variant="primary" loading={sending}>
            {t('after.review.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
