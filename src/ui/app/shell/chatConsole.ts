import { ADMIN_POPUP } from '../../../core/rules/constants';

/** Where the chat console lives: the admin connect inbox, full-screen (accounts §2). */
export const CHAT_CONSOLE_PATH = '/admin/connect-inbox';
export const CHAT_CONSOLE_WINDOW_NAME = 'tendwell-chat-console';

/** Opens (or re-focuses) the separate chat-console pop-up window of 1140 × 800 (super only). */
export function openChatConsole(path: string = CHAT_CONSOLE_PATH, open: typeof window.open = window.open.bind(window)): void {
  const left = Math.max(0, Math.round((window.screen.width - ADMIN_POPUP.width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - ADMIN_POPUP.height) / 2));
  const popup = open(path, CHAT_CONSOLE_WINDOW_NAME, `popup=yes,width=${ADMIN_POPUP.width},height=${ADMIN_POPUP.height},left=${left},top=${top}`);
  popup?.focus();
}
