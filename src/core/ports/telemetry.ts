import type { Effect } from 'effect';
import type { ScreenView } from './api/user';

export interface ErrorReport {
  readonly error: unknown;
  /** Where it happened: a chart, a port call, a screen. */
  readonly context?: string;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/**
 * Screen views (POST user/screen-view) and error reporting (release stages production and staging,
 * accounts §9). Telemetry never fails the caller: both return Effects that cannot fail.
 */
export interface TelemetryPort {
  screenView(view: ScreenView): Effect.Effect<void>;
  error(report: ErrorReport): Effect.Effect<void>;
}
