import { z } from "zod";
import { type CatalogueSection, DepFields } from "@/server/events/catalogue/shapes";

const writeBackFields = { ledger_number: z.string(), account_number: z.string() };

const positionChangedV1 = {
  ledger_number: z.string(),
  changed_on: z.string(),
  previous_value: z.number().int(),
  new_value: z.number().int(),
};

const dunningFields = {
  account_number: z.string(),
  dunning_path_name: z.string(),
  dunning_process_id: z.string(),
};

// Debt, deposits, dunning.
export const debtEvents = {
  "debt.actioning.automated_debt_write_back.completed": {
    v1: z.strictObject({ ...writeBackFields, amount: z.number().int() }),
  },
  "debt.actioning.automated_debt_write_back.failed": {
    v1: z.strictObject({ ...writeBackFields, reason: z.string(), exception: z.string() }),
  },
  "debt.actioning.automated_debt_write_back.skipped": {
    v1: z.strictObject({ ...writeBackFields, reason: z.string() }),
  },
  "delinquent_debt.position_changed": {
    v1: z.strictObject(positionChangedV1),
    v2: z.strictObject({ ...positionChangedV1, account_number: z.string() }),
  },
  "deposit_agreement.accepted": {
    v1: z.strictObject({ ...DepFields, accepted_at: z.string() }),
  },
  "deposit_agreement.fulfilled": {
    v1: z.strictObject({ ...DepFields, fulfilled_at: z.string() }),
  },
  "deposit_agreement.instalment_returned": {
    v1: z.strictObject({
      ...DepFields,
      returned_amount: z.number().int(),
      returned_at: z.string(),
    }),
  },
  "deposit_agreement.returned": {
    v1: z.strictObject({ ...DepFields, returned_at: z.string() }),
  },
  "deposit_agreement.withdrawn": {
    v1: z.strictObject({ ...DepFields, withdrawn_at: z.string() }),
  },
  dunning_path_paused: {
    v1: z.strictObject({
      ...dunningFields,
      pause_start_date: z.string(),
      pause_end_date: z.string(),
      created_note: z.string(),
    }),
  },
  dunning_path_started: {
    v1: z.strictObject({
      ...dunningFields,
      created_note: z.string(),
      start_date: z.string(),
    }),
  },
  dunning_path_unpaused: {
    v1: z.strictObject(dunningFields),
  },
  dunning_path_withdrawn: {
    v1: z.strictObject({
      ...dunningFields,
      withdrawn_date: z.string(),
      withdrawn_note: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
