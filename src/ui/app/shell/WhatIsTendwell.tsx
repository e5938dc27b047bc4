import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/Button/Button';
import { Modal } from '../../components/Modal/Modal';
import styles from './WhatIsTendwell.module.css';

/** The 'What is Tendwell?' link of the customer onboarding page and the modal it opens (accounts §2). */
export function WhatIsTendwell() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const product = intl.formatMessage({ id: 'shell.productName' });
  return (
    <>
      <Button variant="text" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {intl.formatMessage({ id: 'screen.whatIs.link' }, { product })}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={intl.formatMessage({ id: 'screen.whatIs.link' }, { product })}
        footer={<Button onClick={() => setOpen(false)}>{intl.formatMessage({ id: 'screen.whatIs.close' })}</Button>}
      >
        <p>{intl.formatMessage({ id: 'screen.whatIs.intro' }, { product })}</p>
        <ul className={styles.points}>
          <li>{intl.formatMessage({ id: 'screen.whatIs.point.schedule' })}</li>
          <li>{intl.formatMessage({ id: 'screen.whatIs.point.vendors' })}</li>
          <li>{intl.formatMessage({ id: 'screen.whatIs.point.billing' })}</li>
          <li>{intl.formatMessage({ id: 'screen.whatIs.point.giveBack' })}</li>
        </ul>
      </Modal>
    </>
  );
}
