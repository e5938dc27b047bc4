import type { FlowMessage } from '../../machines/flows/auth-flow-support';
import { useFlowMessage } from './AuthFlows';
import styles from './Form.module.css';

/**
 * A form's failure (announced assertively) and confirmation (announced politely), in the current language. The
 * polite region is always there (a live region must exist before its text arrives); empty, it takes no room.
 */
export function FormMessages({ error, notice, noticeText }: { error: FlowMessage | null; notice?: FlowMessage | null; noticeText?: string }) {
  const text = useFlowMessage();
  return (
    <>
      {error ? (
        <p role="alert" className={styles.alert}>
          {text(error)}
        </p>
      ) : null}
      <div role="status" aria-live="polite" className={styles.live}>
        {notice ? <p className={styles.notice}>{noticeText ?? text(notice)}</p> : null}
      </div>
    </>
  );
}
