import { unknownPath } from "@/server/rest/methods";

// As app/v1/[[...rest]]: specific routes win over this optional catch-all, so it answers /v2/
// itself and every path no route serves with the API's JSON 404 (ADR 0203).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = unknownPath();
