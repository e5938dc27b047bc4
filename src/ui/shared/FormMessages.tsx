import type { FlowMessage } from '../../machines/flows/auth-flow-support';
import { useFlowMessage } from './AuthFlows';
import styles from './Form.module.css';

/** A form's failure (announced assertively) and confirmation (announced politely), in the current language. */
export function FormMessages({ error, notice, noticeText }: { error: FlowMessage | null; notice?: FlowMessage | null; noticeText?: string }) {
  const text = useFlowMessage();
  return (
    <>
      {error ? (
        <p role="alert" className={styles.alert}>
          {text(error)}
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {notice ? <p className={styles.notice}>{noticeText ?? text(notice)}</p> : null}
      </div>
    </>
  );
}
