import { Effect } from 'effect';
import type { UserApi } from '../../core/ports/api/user';
import type { ErrorReport, TelemetryPort } from '../../core/ports/telemetry';
import { ERROR_REPORTING_RELEASE_STAGES } from '../../core/rules/constants';

export interface ConsoleTelemetryOptions {
  /** Screen views are posted to user/screen-view through the user port. */
  readonly user: UserApi;
  /**
   * Whether a session exists. A screen view without one would answer 401 'User token authentication
   * failed' and sign the visitor "out"; public screens are therefore not posted.
   */
  readonly signedIn: () => boolean | Promise<boolean>;
  /** The build's release stage; errors are reported (`report`) only in production and staging (accounts §9). */
  readonly releaseStage?: string;
  /** An error-reporting service, when one is configured. */
  readonly report?: (report: ErrorReport) => void;
  readonly console?: Pick<Console, 'error'>;
}

/** Screen views over HTTP, errors to the console (and to a reporter in the release stages). Never fails the caller. */
export const createConsoleTelemetry = (options: ConsoleTelemetryOptions): TelemetryPort => {
  const out = options.console ?? console;
  const reporting = (ERROR_REPORTING_RELEASE_STAGES as readonly string[]).includes(options.releaseStage ?? '');
  return {
    screenView: (view) =>
      Effect.tryPromise(async () => options.signedIn()).pipe(
        Effect.flatMap((signedIn) => (signedIn ? options.user.screenView(view) : Effect.void)),
        Effect.ignore,
      ),
    error: (report) =>
      Effect.sync(() => {
        out.error(`[tendwell] ${report.context ?? 'error'}`, report.error, ...(report.extra ? [report.extra] : []));
        if (reporting) options.report?.(report);
      }),
  };
};
