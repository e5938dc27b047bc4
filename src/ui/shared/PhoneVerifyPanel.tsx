import { useId } from 'react';
import type { FormEvent } from 'react';
import { useMachine, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { isErrorAbout } from '../../core/rules/form-errors';
import { phoneLastDigits, typedResendPhone } from '../../core/rules/phone';
import type { PhonePurpose } from '../../machines/flows/phone.machine';
import { Button } from '../components/Button/Button';
import { cx } from '../components/cx';
import { CodeInput } from '../components/CodeInput/CodeInput';
import { TextField } from '../components/TextField/TextField';
import { useAuthFlows, useFlowMessage, useHandoff } from './AuthFlows';
import { FormMessages } from './FormMessages';
import styles from './Form.module.css';
import { withAuthMessages } from '../i18n/auth-messages';

const NOTICE_IDS: Record<string, string> = {
  code_sent: 'auth.phone.codeSent',
  phone_confirmed: 'auth.phone.confirmed',
  account_confirmed: 'auth.phone.accountConfirmed',
};

/** A profile sends the code on request, so its notice says one is on its way (not 'if this number is waiting'). */
const noticeId = (code: string | undefined, purpose: PhonePurpose): string =>
  code === 'code_sent' && purpose === 'profile' ? 'auth.phone.profileCodeSent' : (NOTICE_IDS[code ?? ''] ?? 'auth.phone.codeSent');

export interface PhoneVerifyPanelProps {
  purpose: PhonePurpose;
  /** The phone to verify (profile pages). */
  phone?: string | undefined;
  /** Profile pages: the signed-in person's e-mail, so an account without a phone can add one. */
  email?: string | undefined;
  /** Called when a profile phone is confirmed. */
  onConfirmed?: () => void;
}

/**
 * The texted-code panel (accounts §4, §5, §8), driven by the phone chart: the code field submits itself at
 * the fourth digit; a refused code is announced with the server's reason and the field clears; a new
 * code goes to a phone of exactly 12 characters ('+1' and ten digits), else 'Invalid phone number format'.
 */
function PhoneVerifyPanelView({ purpose, phone, email, onConfirmed }: PhoneVerifyPanelProps) {
  const intl = useIntl();
  const flowText = useFlowMessage();
  const flows = useAuthFlows();
  const [snapshot, send, actor] = useMachine(purpose === 'profile' ? flows.profilePhone : flows.phone, { input: { purpose, phone, email } });
  const code = useSelector(actor, (s) => s.context.code);
  const typedPhone = useSelector(actor, (s) => s.context.phone);
  const target = useSelector(actor, (s) => s.context.target);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const notice = useSelector(actor, (s) => s.context.notice);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const sending = useSelector(actor, (s) => s.hasTag('sending'));
  useHandoff(snapshot.output, snapshot.status === 'done', onConfirmed);
  const id = useId();

  if (loading) return <p role="status">{intl.formatMessage({ id: 'common.loading' })}</p>;
  if (snapshot.status === 'done' && purpose === 'profile') {
    return (
      <p role="status" className={styles.notice}>
        {intl.formatMessage({ id: 'auth.phone.confirmed' })}
      </p>
    );
  }

  // A refusal the table does not place (core errorSubject) is about the code; a rate limit or a phone problem is not.
  const codeError = error && !fieldErrors.phone && isErrorAbout(error.code, 'code', 'code') && !sending ? flowText(error) : undefined;
  const phoneError = fieldErrors.phone
    ? intl.formatMessage({ id: 'auth.field.phone' })
    : error && isErrorAbout(error.code, 'phone') && !sending
      ? flowText(error)
      : undefined;
  const shownPhone = phoneLastDigits(target?.phone);
  const resend = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'phone.resend' });
  };

  const codeField = (
    <>
      <CodeInput
        id={`${id}-code`}
        value={code}
        onChange={(next) => send({ type: 'phone.codeChanged', code: next })}
        // The chart submits the code when the fourth digit arrives (phone.codeChanged).
        onComplete={() => undefined}
        error={codeError}
        disabled={confirming}
        // On /register/verify/sms the code is the page's task; a profile page keeps focus where the route put it.
        autoFocus={purpose !== 'profile'}
      />
      {confirming ? <p role="status">{intl.formatMessage({ id: 'auth.phone.checking' })}</p> : null}
    </>
  );
  const phoneForm = (
    <form className={styles.form} onSubmit={resend} noValidate aria-label={intl.formatMessage({ id: 'auth.phone.resendTitle' })}>
      <TextField
        id={`${id}-phone`}
        name="phone"
        type="tel"
        inputMode="tel"
        label={intl.formatMessage({ id: 'auth.phone.phoneLabel' })}
        hint={intl.formatMessage({ id: 'auth.register.phoneHint' })}
        value={typedPhone}
        onChange={(value) => send({ type: 'phone.phoneChanged', phone: typedResendPhone(value) })}
        autoComplete="tel"
        error={phoneError}
        disabled={sending}
      />
      <div className={styles.actions}>
        <Button type="submit" variant={purpose === 'profile' ? 'primary' : 'text'} loading={sending}>
          {intl.formatMessage({ id: purpose === 'profile' ? 'auth.phone.send' : 'auth.phone.resend' })}
        </Button>
      </div>
    </form>
  );

  return (
    <div className={cx(styles.form, purpose === 'profile' && styles.panel)}>
      <p className={styles.lead}>
        {/* A profile page sends the code on request, so it never says one was texted before it was. */}
        {purpose === 'profile'
          ? intl.formatMessage({ id: 'auth.phone.profileIntro' })
          : shownPhone
            ? intl.formatMessage({ id: 'auth.phone.sentTo' }, { phone: shownPhone })
            : intl.formatMessage({ id: 'auth.phone.sentToAccount' })}
      </p>
      <FormMessages error={error} notice={notice} noticeText={notice ? intl.formatMessage({ id: noticeId(notice.code, purpose) }) : undefined} />
      {/* Registration: the code was texted already, so it comes first; a profile page sends it on request, so the phone does. */}
      {purpose === 'profile' ? phoneForm : codeField}
      {purpose === 'profile' ? codeField : phoneForm}
    </div>
  );
}

/** With its texts (`auth.*.json`): they load with this component, not with the app. */
export const PhoneVerifyPanel = withAuthMessages(PhoneVerifyPanelView);
