import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { UploadContentType } from '../../../core/model/media';
import { selectComposerFiles, selectFileError, type ComposerActor } from '../../../machines/features/ticket-composer.machine';
import type { ThreadAttachment, ThreadAttachments } from '../../../machines/features/ticket-thread.machine';
import { Button } from '../../components/Button/Button';
import { Modal } from '../../components/Modal/Modal';
import styles from './Tickets.module.css';

let fileCounter = 0;
const previewOf = (file: Blob): string => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');

/**
 * The images of a new ticket or a comment (bookings §5): a file field for jpg or png under 500 KB — the composer
 * chart refuses anything else before upload, with the rule's message — then, per file, its preview, an upload
 * progress bar and a Remove button (before sending).
 */
export function AttachmentPicker({ composer, disabled }: { composer: ComposerActor; disabled: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const files = useSelector(composer, selectComposerFiles);
  const fileError = useSelector(composer, selectFileError);
  const fileId = useId();
  const errorId = useId();

  return (
    <div className={styles.attach}>
      <label htmlFor={fileId}>{t('helpdesk.newTicket.attach')}</label>
      <input
        id={fileId}
        type="file"
        accept="image/jpeg,image/png"
        multiple
        disabled={disabled}
        aria-describedby={fileError ? errorId : undefined}
        onChange={(event) => {
          for (const file of Array.from(event.target.files ?? [])) {
            fileCounter += 1;
            composer.send({
              type: 'composer.attach',
              key: `file-${fileCounter}`,
              file: { name: file.name, type: file.type as UploadContentType, size: file.size, body: file },
              preview: previewOf(file),
            });
          }
          event.target.value = '';
        }}
      />
      {fileError ? (
        <p role="alert" id={errorId} className={styles.fileError}>
          {intl.messages[`error.code.${fileError}`] ? t(`error.code.${fileError}`) : fileError}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className={styles.files} aria-label={t('helpdesk.files.chosen')}>
          {files.map((file) => (
            <li key={file.key} className={styles.file}>
              {file.preview ? <img src={file.preview} alt="" className={styles.thumb} /> : null}
              <span className={styles.fileName}>{file.name}</span>
              <progress max={1} value={file.progress} aria-label={t('helpdesk.newTicket.progress', { name: file.name })} />
              <span className={styles.draftStatus}>
                {file.media ? t('helpdesk.files.uploaded') : t('helpdesk.files.percent', { percent: Math.round(file.progress * 100) })}
              </span>
              <Button variant="text" onClick={() => composer.send({ type: 'composer.removeFile', key: file.key })} disabled={disabled}>
                {t('helpdesk.newTicket.remove', { name: file.name })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A comment's images as thumbnails; each opens full size in a dialog. A file the viewer cannot read is named only. */
export function CommentFiles({ ids, attachments }: { ids: readonly string[]; attachments: ThreadAttachments }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [open, setOpen] = useState<ThreadAttachment | null>(null);
  if (ids.length === 0) return null;
  return (
    <>
      <ul className={styles.thumbs} aria-label={t('helpdesk.thread.attachments', { count: ids.length })}>
        {ids.map((id) => {
          const file = attachments[id];
          const name = file?.name || t('helpdesk.files.unnamed');
          return (
            <li key={id}>
              {file?.src ? (
                <button type="button" className={styles.thumbButton} onClick={() => setOpen(file)} aria-label={t('helpdesk.files.open', { name })}>
                  <img src={file.src} alt={name} className={styles.thumbLarge} />
                </button>
              ) : (
                <span className={styles.draftStatus}>{file ? t('helpdesk.files.unavailable', { name }) : t('helpdesk.files.loading')}</span>
              )}
            </li>
          );
        })}
      </ul>
      <Modal open={open !== null} onClose={() => setOpen(null)} title={open?.name || t('helpdesk.files.unnamed')} size="lg">
        {open?.src ? <img src={open.src} alt={open.name} className={styles.full} /> : null}
      </Modal>
    </>
  );
}
