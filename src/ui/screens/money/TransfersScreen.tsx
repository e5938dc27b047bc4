import type { ScreenProps } from '../../app/routing';
import { withMoneyMessages } from '../../i18n/money-messages';
import { MoneyReport } from './MoneyReport';

/** /organization/payment-transfers and /organization/view-transfers: the organization's transfers (issue 11 "Money"). */
function TransfersScreen(_: Partial<ScreenProps>) {
  return <MoneyReport report="transfers" />;
}

export default withMoneyMessages(TransfersScreen);
