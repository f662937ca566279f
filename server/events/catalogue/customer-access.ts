import { z } from "zod";
import type { CatalogueSection } from "@/server/events/catalogue/shapes";

const RoleCreatedPayload = z.strictObject({ code: z.string(), permissions: z.array(z.string()) });

const RoleUpdatedPayload = z.strictObject({
  code: z.string(),
  display_name: z.string().optional(),
  description: z.string().optional(),
  permissions: z.array(z.string()).optional(),
});

export const customerAccessEvents = {
  "customer_access.partner_roles.created": { v1: RoleCreatedPayload },
  "customer_access.partner_user_roles.created": { v1: RoleCreatedPayload },
  "customer_access.partner_roles.updated": { v1: RoleUpdatedPayload },
  "customer_access.partner_user_roles.updated": { v1: RoleUpdatedPayload },
  "customer_access.user_roles.updated": { v1: RoleUpdatedPayload },
  "customer_access.user_roles.created": {
    v1: z.strictObject({
      code: z.string(),
      permissions: z.array(z.string()),
      name: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
