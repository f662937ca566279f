import { describe, expect, it } from "vitest";
import { resolveScheduleWindow, SCHEDULE_START_GRACE_MS, SCHEDULE_WINDOW_MAX_DAYS } from "./schedule-window";

const now = new Date("2026-11-25T12:00:00.000Z");
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
const codes = (w: ReturnType<typeof resolveScheduleWindow>) => w.errors.map((e) => [e.attr, e.code]);

describe("resolveScheduleWindow", () => {
  it("defaults: start now, no end, not a dry run", () => {
    expect(resolveScheduleWindow({}, now)).toEqual({ start: now, end: null, isDryRun: false, errors: [] });
    expect(
      resolveScheduleWindow({ schedule_window_start: null, schedule_window_end: null, is_dry_run: true }, now),
    ).toMatchObject({ start: now, end: null, isDryRun: true, errors: [] });
  });

  it("a start in the future is kept; one within the grace behind the clock is now; older is refused", () => {
    expect(resolveScheduleWindow({ schedule_window_start: at(3_600_000) }, now).start.toISOString()).toBe(
      at(3_600_000),
    );
    const close = resolveScheduleWindow({ schedule_window_start: at(-SCHEDULE_START_GRACE_MS + 1000) }, now);
    expect(close).toMatchObject({ start: now, errors: [] });
    expect(codes(resolveScheduleWindow({ schedule_window_start: at(-SCHEDULE_START_GRACE_MS - 1000) }, now))).toEqual([
      ["task_params.schedule_window_start", "schedule_window_start_in_past"],
    ]);
  });

  it("the end may be at most 4 days ahead (production's limit)", () => {
    const day = 86_400_000;
    expect(resolveScheduleWindow({ schedule_window_end: at(SCHEDULE_WINDOW_MAX_DAYS * day) }, now).errors).toEqual([]);
    expect(
      codes(resolveScheduleWindow({ schedule_window_end: at(SCHEDULE_WINDOW_MAX_DAYS * day + 1000) }, now)),
    ).toEqual([["task_params.schedule_window_end", "schedule_window_end_too_far_in_future"]]);
  });

  it("the start may not be after the end; an end already past with no start counts (the start is now)", () => {
    expect(
      codes(resolveScheduleWindow({ schedule_window_start: at(7_200_000), schedule_window_end: at(3_600_000) }, now)),
    ).toEqual([["task_params", "schedule_window_start__after_end"]]);
    expect(codes(resolveScheduleWindow({ schedule_window_end: at(-60_000) }, now))).toEqual([
      ["task_params", "schedule_window_start__after_end"],
    ]);
    expect(
      resolveScheduleWindow({ schedule_window_start: at(60_000), schedule_window_end: at(60_000) }, now).errors,
    ).toEqual([]);
  });

  it("reads a datetime without an offset as Europe/London wall time", () => {
    // 25 November: London is on GMT, so 13:00 there is 13:00Z.
    expect(resolveScheduleWindow({ schedule_window_start: "2026-11-25T13:00:00" }, now).start.toISOString()).toBe(
      "2026-11-25T13:00:00.000Z",
    );
  });
});
