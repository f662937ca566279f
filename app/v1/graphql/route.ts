import { yoga } from "@/server/graphql/yoga";
import { withCors } from "@/server/rest/cors";
import { otherMethods } from "@/server/rest/methods";

// CORS as on the REST routes (origin *, never credentials; ADR 0203), not Yoga's own.
const handle = async (req: Request): Promise<Response> => withCors(await yoga.fetch(req, {}));

export const GET = handle;
export const POST = handle;
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
