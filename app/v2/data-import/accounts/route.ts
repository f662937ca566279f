import { contractRoute } from "@/server/rest/handler";
import { scheduleAccountRoute } from "@/server/rest/contracts/account-import-v2";
import { otherMethods } from "@/server/rest/methods";
import { scheduleError } from "@/server/rest/v2-errors";
import { scheduleAccountImport } from "@/server/services/account-import/schedule-account-import";
import { ScheduleAccountInput } from "@/server/services/account-import/v2-schemas";

/** Stage and schedule: 201 with no body once the import is scheduled (a worker runs it in its window). */
export const POST = contractRoute(scheduleAccountRoute, {
  writer: true,
  body: ScheduleAccountInput,
  bodyErrorCode: "import_process_failed_validation",
  mapError: scheduleError,
  handle: async ({ ctx, body }) => {
    await scheduleAccountImport(ctx, body);
    return new Response(null, { status: 201 });
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
