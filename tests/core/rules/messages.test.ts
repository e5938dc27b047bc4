import { describe, expect, it } from 'vitest';
import { MESSAGES, displayMessage, isMessageCode, loginFailureText, messageFor, withServerReason } from '../../../src/core/rules/messages';

describe('error catalogue (accounts §8)', () => {
  it('has the spec texts under stable codes', () => {
    expect(MESSAGES.login_db_connection_err).toBe('Database connection error');
    expect(MESSAGES.login_token_invalid).toBe('Token not valid');
    expect(MESSAGES.login_token_expired).toBe('Token expired. Please try again.');
    expect(MESSAGES.login_error).toBe('Error logging in');
    expect(MESSAGES.login_failed).toBe('There was an error logging you in');
    expect(MESSAGES.network_error).toBe('Network Error');
    expect(MESSAGES.unauthorized).toBe('User token authentication failed');
    expect(MESSAGES.forbidden_route).toBe('You are not allowed to view this route.');
    expect(MESSAGES.password_reset_link_sent).toBe('Check your email for a link to reset your password');
    expect(MESSAGES.password_updated).toBe('Password updated!');
    expect(MESSAGES.new_password_set).toBe('New password successfully set');
    expect(MESSAGES.switch_account_failed).toBe('Unable to switch account');
    expect(MESSAGES.tickets_load_error).toBe('Error loading helpdesk tickets');
    expect(MESSAGES.credit_error).toBe('There was an error');
  });
  it('codes are snake_case words, or the spec code AccountRequiresSMSConfirmation', () => {
    for (const code of Object.keys(MESSAGES)) expect(code === 'AccountRequiresSMSConfirmation' || /^[a-z][a-z0-9_]*$/.test(code)).toBe(true);
  });
  it('messageFor falls back for unknown codes', () => {
    expect(messageFor('login_token_invalid')).toBe('Token not valid');
    expect(messageFor('toString')).toBe('There was an error');
    expect(messageFor('nope', 'Fallback')).toBe('Fallback');
    expect(isMessageCode('constructor')).toBe(false);
  });
  it('displays the server message, then the error message, then the code text', () => {
    expect(displayMessage({ message: 'own', response: { message: 'server' } })).toBe('server');
    expect(displayMessage({ message: 'own', response: { message: '' } })).toBe('own');
    expect(displayMessage({ code: 'user_load_error' })).toBe('Error loading user');
  });
});

describe('loginFailureText', () => {
  it('fixed texts for database and token codes', () => {
    expect(loginFailureText({ code: 'login_db_connection_err', message: 'whatever' })).toBe('Database connection error');
    expect(loginFailureText({ code: 'login_token_invalid', message: 'bad signature' })).toBe('Token not valid');
    expect(loginFailureText({ code: 'login_token_invalid', message: 'jwt expired' })).toBe('Token expired. Please try again.');
  });
  it('otherwise the server message, the status text, then the generic text', () => {
    expect(loginFailureText({ code: 'invalid_credentials', message: 'Invalid username or password' })).toBe('Invalid username or password');
    expect(loginFailureText({ message: '', statusText: 'Bad Gateway' })).toBe('Bad Gateway');
    expect(loginFailureText({})).toBe('There was an error logging you in');
  });
  it('prefixes verification failures with the server reason', () => {
    expect(withServerReason('Code expired')).toBe('Code expired: Code verification failed');
    expect(withServerReason(undefined)).toBe('Code verification failed');
  });
});
