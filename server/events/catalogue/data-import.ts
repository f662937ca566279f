import { z } from "zod";
import type { CatalogueSection } from "@/server/events/catalogue/shapes";

const importFields = { resource_type: z.string(), external_identifier: z.string() };

const ImportErrorPayload = z.strictObject({
  ...importFields,
  error_code: z.string(),
  error_detail: z.string(),
});

const postImportFields = {
  resource_type: z.string(),
  import_process_resource_type: z.string(),
  import_process_external_identifier: z.string(),
};

export const dataImportEvents = {
  "data_import.import_process.cancelled": {
    v1: z.strictObject({ ...importFields, expiry_window_end: z.string() }),
  },
  "data_import.import_process.complete": {
    v1: z.strictObject({ ...importFields, identifier: z.string() }),
  },
  "data_import.import_process.dry_run_complete": {
    v1: z.strictObject(importFields),
  },
  "data_import.import_process.dry_run_error": { v1: ImportErrorPayload },
  "data_import.import_process.error": { v1: ImportErrorPayload },
  "data_import.import_process.post_import.completed": {
    v1: z.strictObject({ ...postImportFields, identifier: z.string() }),
  },
  "data_import.import_process.post_import.error": {
    v1: z.strictObject({
      ...postImportFields,
      error_code: z.string(),
      error_detail: z.string(),
    }),
  },
  "data_import.order_process.cancelled": {
    v1: z.strictObject({ external_order_id: z.string(), expiry_window_end: z.string() }),
  },
  "data_import.order_process.complete": {
    v1: z.strictObject({ external_order_id: z.string(), process_id: z.string() }),
  },
  "data_import.order_process.error": {
    v1: z.strictObject({
      external_order_id: z.string(),
      error_code: z.string(),
      error_detail: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
