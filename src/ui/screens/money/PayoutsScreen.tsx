import type { ScreenProps } from '../../app/routing';
import { withMoneyMessages } from '../../i18n/money-messages';
import { MoneyReport } from './MoneyReport';

/** /organization/payouts and /organization/view-payouts: the organization's payouts to its bank (issue 11 "Money"). */
function PayoutsScreen(_: Partial<ScreenProps>) {
  return <MoneyReport report="payouts" />;
}

export default withMoneyMessages(PayoutsScreen);
