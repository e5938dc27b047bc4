/**
 * The error and success texts of accounts §8 (and the auth texts of bookings §8) as data: one
 * stable code → one English text. The server answers `{message, code}` from here; the UI translates
 * `code` when its catalogue has it and shows `message` otherwise.
 */
export const MESSAGES = {
  // Generic codes of the API (architecture.md)
  invalid_request: 'Invalid request',
  unauthorized: 'User token authentication failed',
  forbidden: 'You are not allowed to do this.',
  not_found: 'Not found',
  conflict: 'Conflict',
  too_many_requests: 'Too many attempts. Please try again later.',
  not_implemented: 'Not implemented',
  internal: 'Internal error',
  network_error: 'Network Error',

  // Login
  login_db_connection_err: 'Database connection error',
  login_token_invalid: 'Token not valid',
  login_token_expired: 'Token expired. Please try again.',
  login_error: 'Error logging in',
  login_failed: 'There was an error logging you in',
  login_error_title: 'Login Error',
  AccountRequiresSMSConfirmation: 'Your account needs to be confirmed by SMS. We sent you a new code.',
  invalid_credentials: 'Invalid username or password',
  username_required: 'Username is required',

  // Registration, confirmation, codes
  signup_error: 'Signup Error',
  email_exists: 'Email already exists',
  code_verification_failed: 'Code verification failed',
  invalid_phone: 'Invalid phone number format',
  token_expired: 'Your token has expired',

  // Passwords
  password_requirements: 'Password requirements',
  passwords_do_not_match: 'Passwords do not match',
  invalid_password: 'Invalid Password',
  password_reset_link_sent: 'Check your email for a link to reset your password',
  password_updated: 'Password updated!',
  new_password_set: 'New password successfully set',

  // Session and accounts
  refresh_token_error: 'Error refreshing token',
  switch_account_error: 'Error switching user accounts',
  switch_account_failed: 'Unable to switch account',
  accounts_load_error: 'Error loading user accounts',
  user_load_error: 'Error loading user',
  forbidden_route: 'You are not allowed to view this route.',

  // Loading and lists
  zip_codes_error: 'Error receiving zip codes',
  results_error: 'There was a problem loading results',
  account_check_error: 'There was a problem checking your account',
  account_delete_error: 'There was a problem deleting your account',
  tickets_load_error: 'Error loading helpdesk tickets',
  ticket_responses_error: 'Error loading ticket responses',
  ticket_invalid: 'The received ticket id is invalid or does not exist',
  appointment_invalid: 'The received appointment reference is invalid or does not exist',
  missing_required_fields: 'Missing required fields',
  note_required: 'Note is required!',
  ticket_attachment_type: 'Only JPG or PNG images can be attached.',
  ticket_attachment_size: 'Each attached image must be under 500 KB.',
  bot_unknown_error: 'An unknown error occurred. Please try again.',

  // Credit
  credit_error: 'There was an error',
  credit_note_too_long: 'Maximum 500 characters',

  // Catalogue and prices (bookings §8; the coupon texts are ours)
  not_in_service_area: 'Not in service area',
  address_not_in_service_area: 'Your selected or default address is not in our service areas',
  no_price_for_frequency: 'No price available for selected frequency',
  no_price_for_home_size: 'No price available for home size',
  coupon_not_found: 'Invalid coupon code',
  coupon_expired: 'This coupon has expired',
  coupon_used_up: 'This coupon has reached its redemption limit',
  coupon_not_for_service: 'This coupon does not apply to this service',

  // Availability and time off (bookings §5 time strings and working range, §8 organization texts; the
  // working-hours and range texts are ours, the spec shows none)
  invalid_time: 'Invalid time',
  outside_working_range: 'Working hours are between 8AM and 8PM',
  window_not_in_slots: 'Working hours start and end on 15-minute slots',
  window_ends_before_start: 'Working hours must end after they start',
  windows_overlap: 'Working hours of one day must not overlap',
  start_date_invalid: 'Start date must be in the future, between this year and next year.',
  range_too_long: 'The date range is longer than 31 days',
  // Transfers and payouts reports (issue 11; the maximum is ours: src/core/rules/payouts.ts)
  report_range_too_long: 'The date range is longer than 366 days',
  range_incomplete: 'Choose the first and the last day of the range',
  range_ends_before_start: 'The date range must end after it starts',
  vendor_not_in_organization: 'Vendor not found or not part of this organization',
  max_vendors_reached: 'Max vendors for your organization has been reached',
  vendor_required: 'vendor_id is required',
  time_off_invalid: 'The received time-off request is invalid or does not exist',
  slot_taken: 'The vendor is not available at this time',
  slot_outside_hours: 'Not within the working hours',
  availability_saved: 'Working hours saved',
  time_off_requested: 'Time off requested',
  // Checkout and billing (bookings §8; the payment texts are ours)
  no_card_attached: 'Customer does not have a card attached',
  address_attached: 'Selected Address is already attached to a different subscription',
  subscription_restore_error: 'There was an error restoring the subscription',
  address_not_found: 'Address not found',
  payment_requires_action: 'Your bank asks you to confirm this payment.',
  card_declined: 'Your card was declined.',
} as const;

export type MessageCode = keyof typeof MESSAGES;

export const isMessageCode = (code: unknown): code is MessageCode => typeof code === 'string' && Object.hasOwn(MESSAGES, code);

/** The English text of a code, or the fallback for an unknown code. */
export const messageFor = (code: string | null | undefined, fallback = 'There was an error'): string =>
  isMessageCode(code) ? MESSAGES[code] : fallback;

/**
 * What to show for a failure (accounts §8): the server response's message, falling back to the
 * error's own message, then to the catalogue text of its code.
 */
export const displayMessage = (
  error: { readonly message?: string | null; readonly code?: string | null; readonly response?: { readonly message?: string | null } | null },
  fallback?: string,
): string => error.response?.message || error.message || messageFor(error.code, fallback);

/**
 * The text of a failed login (accounts §8): the database and token codes have fixed texts (an invalid
 * token whose message says "expired" reads as expired); otherwise the server message, else the status
 * text, else 'There was an error logging you in'.
 */
export const loginFailureText = (failure: { readonly code?: string | null; readonly message?: string | null; readonly statusText?: string }): string => {
  const message = failure.message ?? '';
  switch (failure.code) {
    case 'login_db_connection_err':
      return MESSAGES.login_db_connection_err;
    case 'login_token_expired':
      return MESSAGES.login_token_expired;
    case 'login_token_invalid':
      return /expired/i.test(message) ? MESSAGES.login_token_expired : MESSAGES.login_token_invalid;
    default:
      return message || failure.statusText || MESSAGES.login_failed;
  }
};

/** Code verification and confirmation failures show a message prefixed with the server reason (accounts §8). */
export const withServerReason = (reason: string | null | undefined, text: string = MESSAGES.code_verification_failed): string =>
  reason ? `${reason}: ${text}` : text;
