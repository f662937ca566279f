import { yoga } from "@/server/graphql/yoga";

const handle = (req: Request) => yoga.fetch(req, {});

export const GET = handle;
export const POST = handle;
export const OPTIONS = handle;
