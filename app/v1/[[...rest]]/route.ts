import { unknownPath } from "@/server/rest/methods";

// Specific routes win over this optional catch-all: it answers /v1/ itself and every path
// no route serves, with the API's JSON 404 instead of the console's HTML page.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = unknownPath();
