import type { FieldError } from "../../errors";
import { parseLondonDateTime } from "../../lib/time";
import type { TaskParameters } from "./payload/energy-account";
import { Findings } from "./rules/paths";

/** Production's limit on schedule_window_end (TaskParameters' validator: "not more than 4 days in the future"). */
export const SCHEDULE_WINDOW_MAX_DAYS = 4;
/** A start this close behind the server's clock is "now": a script sending its own now must not fail on latency or skew. */
export const SCHEDULE_START_GRACE_MS = 60_000;

export type ScheduleWindow = { start: Date; end: Date | null; isDryRun: boolean; errors: FieldError[] };

/**
 * task_params' rules, which depend on the clock and so live outside the zod schema: the
 * start (default now) not in the past, the end (default none: no expiry) at most 4 days
 * ahead and not before the start. Datetimes without an offset are Europe/London wall time.
 */
export function resolveScheduleWindow(params: TaskParameters, now: Date): ScheduleWindow {
  const found = new Findings();
  const requested = params.schedule_window_start ? parseLondonDateTime(params.schedule_window_start) : null;
  const end = params.schedule_window_end ? parseLondonDateTime(params.schedule_window_end) : null;
  if (requested && requested.getTime() < now.getTime() - SCHEDULE_START_GRACE_MS) {
    found.add(
      ["task_params", "schedule_window_start"],
      "schedule_window_start_in_past",
      "schedule_window_start is in the past.",
    );
  }
  if (end && end.getTime() > now.getTime() + SCHEDULE_WINDOW_MAX_DAYS * 86_400_000) {
    found.add(
      ["task_params", "schedule_window_end"],
      "schedule_window_end_too_far_in_future",
      `schedule_window_end is more than ${SCHEDULE_WINDOW_MAX_DAYS} days in the future.`,
    );
  }
  const start = requested && requested > now ? requested : now;
  if (end && start > end) {
    found.add(
      ["task_params"],
      "schedule_window_start__after_end",
      "schedule_window_start must be before schedule_window_end (the start defaults to now).",
    );
  }
  return { start, end, isDryRun: params.is_dry_run ?? false, errors: found.errors };
}
