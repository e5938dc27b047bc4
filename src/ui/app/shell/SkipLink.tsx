import { useIntl } from 'react-intl';
import { MAIN_CONTENT_ID } from './Content';
import styles from './SkipLink.module.css';

/** The first focusable element of every page: jumps past the header and menu to the content. */
export function SkipLink() {
  const intl = useIntl();
  return (
    <a
      className={styles.skip}
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      {intl.formatMessage({ id: 'shell.skipToContent' })}
    </a>
  );
}
