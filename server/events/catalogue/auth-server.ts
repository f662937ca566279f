import { z } from "zod";
import type { CatalogueSection } from "@/server/events/catalogue/shapes";

// The documents spell the first type `auth-server` and the rest `auth_server`; both kept.
export const authServerEvents = {
  "auth-server.access-token.issued": {
    v1: z.strictObject({
      delegate: z.string(),
      viewer: z.string(),
      viewer_id: z.number().int(),
    }),
  },
  "auth_server.account_user.generate_mfa_challenge_error": {
    v1: z.strictObject({
      account_user_id: z.number().int(),
      account_user_number: z.string(),
      device: z.string(),
    }),
  },
  "auth_server.account_user.logged_in": {
    v1: z.strictObject({
      account_user_id: z.number().int(),
      account_user_number: z.string(),
      login_method: z.string(),
      mfa_device_type: z.string(),
    }),
  },
  "auth_server.account_user.login_denied": {
    v1: z.strictObject({
      account_user_id: z.number().int(),
      account_user_number: z.string(),
      enforced_security_rule_ids: z.array(z.number().int()),
    }),
  },
  "auth_server.account_user.login_failed": {
    v1: z.strictObject({
      account_user_id: z.number().int(),
      account_user_number: z.string(),
      step: z.string(),
      failure_reason: z.string(),
      brand: z.string(),
      user_brands: z.array(z.string()),
    }),
  },
  "auth_server.account_user.login_step_completed": {
    v1: z.strictObject({
      account_user_id: z.number().int(),
      account_user_number: z.string(),
      step: z.string(),
      mfa_device_type: z.string(),
    }),
  },
} as const satisfies CatalogueSection;
