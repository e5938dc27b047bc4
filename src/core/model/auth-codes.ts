/**
 * The code a login result carries when the account still needs its SMS confirmation (accounts §4). A module of
 * its own, with no schema: the login rules (on every page's boot path) read it without loading the auth schemas.
 */
export const ACCOUNT_REQUIRES_SMS_CONFIRMATION = 'AccountRequiresSMSConfirmation';
