import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { UploadContentType } from '../../../core/model/media';
import { selectPhotos, type PhotoUploadsActor } from '../../../machines/features/photo-uploads.machine';
import { Button } from '../../components/Button/Button';
import { useT } from './parts';
import styles from './AfterVisit.module.css';

let counter = 0;
const previewOf = (file: Blob): string => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');

/**
 * The photos a vendor adds when completing a visit (issue 9): a file field for images (jpg, png or webp under
 * 5 MB); each chosen one is uploaded at once and listed with its state and a Remove button. The Complete
 * button sends the uploaded ones.
 */
export function CompletionPhotos({ uploads }: { uploads: PhotoUploadsActor }) {
  const { t } = useT();
  const photos = useSelector(uploads, selectPhotos);
  const id = useId();
  return (
    <div className={styles.upload}>
      <label htmlFor={id}>{t('after.photos.add')}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          for (const file of Array.from(event.target.files ?? [])) {
            counter += 1;
            uploads.send({ type: 'photos.add', key: `photo-${counter}`, file: { name: file.name, type: file.type as UploadContentType, size: file.size, body: file }, preview: previewOf(file) });
          }
          event.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className={styles.name}>
        {t('after.photos.hint')}
      </p>
      {photos.length > 0 ? (
        <ul className={styles.chosen} aria-label={t('after.photos.chosen')} aria-live="polite">
          {photos.map((p) => (
            <li key={p.key} className={styles.chosenItem}>
              {p.preview ? <img src={p.preview} alt="" className={styles.thumb} /> : null}
              <span className={styles.name}>{p.name}</span>
              <span role={p.error ? 'alert' : undefined}>{p.error ? p.error : p.mediaId ? t('after.photos.uploaded') : t('after.photos.uploading')}</span>
              <Button variant="text" onClick={() => uploads.send({ type: 'photos.remove', key: p.key })}>
                {t('after.photos.remove', { name: p.name })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
