import { Suspense, lazy } from 'react';
import type { Role } from '../../core/model/roles';
import { hasChatHelp } from '../../core/rules/chat-help';

const ChatHelpWidget = lazy(() => import('./ChatHelpWidget'));

/**
 * Where the chat-help widget (accounts §1) sits: only for a signed-in customer, vendor, organization or
 * affiliate, never admins. The widget and its chart are a lazy chunk fetched after sign-in, so the first paint
 * of /login does not carry them (tools/budgets.ts).
 */
export function ChatHelp({ signedIn, role }: { signedIn: boolean; role: Role }) {
  if (!signedIn || !hasChatHelp(role)) return null;
  return (
    <Suspense fallback={null}>
      <ChatHelpWidget role={role} />
    </Suspense>
  );
}
