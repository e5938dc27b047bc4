import { MESSAGES } from './messages';
import { specRule } from './spec-rule';

/**
 * Moving one vendor's visits to another (super, /admin/move-vendor-appointments, POST
 * admin/move-vendor-appointments): what the form must hold before it is sent. The server asks the same rule
 * (server/services/vendor-assignment.ts), then checks each visit against the new vendor's calendar.
 */
export interface VendorMoveForm {
  readonly from: string | null;
  readonly to: string | null;
  /** Whole days, YYYY-MM-DD, both included. */
  readonly start: string;
  readonly end: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The refusal codes of the form (each has `error.code.<code>` in the app's catalogue). */
export type VendorMoveRefusal = 'missing_required_fields' | 'same_vendor' | 'range_ends_before_start';

export const SAME_VENDOR = 'to_vendor_id must be another vendor than from_vendor_id';

export const vendorMoveRules = {
  complete: specRule<VendorMoveForm>({
    id: 'vendorMove.complete',
    spec: 'Moving vendor appointments names the vendor they come from, the vendor they go to and a date range.',
    source: 'accounts §2 (/admin/move-vendor-appointments) + decision',
    message: MESSAGES.missing_required_fields,
    test: ({ from, to, start, end }) => Boolean(from) && Boolean(to) && DAY.test(start) && DAY.test(end),
  }),
  otherVendor: specRule<VendorMoveForm>({
    id: 'vendorMove.otherVendor',
    spec: 'The visits go to another vendor than the one they come from.',
    source: 'decision',
    message: SAME_VENDOR,
    test: ({ from, to }) => from !== to,
  }),
  rangeInOrder: specRule<VendorMoveForm>({
    id: 'vendorMove.rangeInOrder',
    spec: 'The date range must end after it starts (whole days, both included: one day is a range).',
    source: 'bookings §5 + decision',
    message: MESSAGES.range_ends_before_start,
    test: ({ start, end }) => end >= start,
  }),
} as const;

/** Why the form cannot be sent yet, or undefined when it can. */
export const vendorMoveRefusal = (form: VendorMoveForm): VendorMoveRefusal | undefined => {
  if (!vendorMoveRules.complete.test(form)) return 'missing_required_fields';
  if (!vendorMoveRules.otherVendor.test(form)) return 'same_vendor';
  if (!vendorMoveRules.rangeInOrder.test(form)) return 'range_ends_before_start';
  return undefined;
};
