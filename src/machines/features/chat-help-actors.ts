import { fromPromise } from 'xstate';
import type { Api } from '../../core/ports/api/registry';
import { chatHelpMachine } from './chat-help.machine';
import { runToEnd as run } from '../run-effect';

/** The chat-help chart's real actors: the bot port's conversation calls (bookings §7). */
export interface ChatHelpPorts {
  readonly api: Pick<Api, 'bot'>;
}


export const chatHelpActors = ({ api }: ChatHelpPorts) => ({
  reply: fromPromise(({ input, signal }: { input: { readonly taskId: string | null; readonly message: string }; signal: AbortSignal }) =>
    run(api.bot.replyToBot({ ...(input.taskId ? { taskId: input.taskId } : {}), message: input.message }), signal),
  ),
  status: fromPromise(({ input, signal }: { input: { readonly taskId: string }; signal: AbortSignal }) => run(api.bot.conversationStatus({ taskId: input.taskId }), signal)),
  respond: fromPromise(({ input, signal }: { input: { readonly taskId: string; readonly prompt: string }; signal: AbortSignal }) =>
    run(api.bot.promptConversationResponse(input), signal),
  ),
  cancelTask: fromPromise(({ input, signal }: { input: { readonly taskId: string }; signal: AbortSignal }) => run(api.bot.cancelConversationTask(input), signal)),
  cancel: fromPromise(({ input, signal }: { input: { readonly taskId: string }; signal: AbortSignal }) => run(api.bot.cancelConversation(input), signal)),
});

export const chatHelpMachineFrom = (ports: ChatHelpPorts) => chatHelpMachine.provide({ actors: chatHelpActors(ports) });
