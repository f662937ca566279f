import { z } from "zod";
import { DateString, Text } from "../../lib/validators";

export const RegistrationFlowParams = z.strictObject({
  import_supplier_code: Text(64),
  external_account_number: Text(100),
});

export const RegistrationFlowQuery = z.strictObject({
  supply_start_date: DateString.optional().describe(
    "YYYY-MM-DD; when omitted each meter point's earliest valid supply start date is used.",
  ),
});

export const REGISTRATION_FLOW_STATUSES = ["REGISTRATION_FLOW_SUCCESS", "REGISTRATION_FLOW_ERROR"] as const;

export const RegistrationFlowResult = z.array(
  z.object({
    import_supplier_code: z.string(),
    external_account_number: z.string(),
    meter_points: z.array(
      z.object({
        mpxn: z.string(),
        status: z.enum(REGISTRATION_FLOW_STATUSES),
        supply_start_date: z.string().optional(),
        error_detail: z.string().optional(),
      }),
    ),
  }),
);

export const RegistrationFlowNotFound = z.array(
  z.object({ error_detail: z.string(), import_supplier_code: z.string(), external_account_number: z.string() }),
);
