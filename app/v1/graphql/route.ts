import { yoga } from "@/server/graphql/yoga";

const handle = async (req: Request): Promise<Response> => yoga.fetch(req, {});

export const GET = handle;
export const POST = handle;
export const OPTIONS = handle;
