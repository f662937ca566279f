import { publishedSdl } from "@/server/graphql/sdl";
import { withCors } from "@/server/rest/cors";
import { otherMethods } from "@/server/rest/methods";

/** The GraphQL schema as SDL, for client generators and readers (the console's API reference shows it too). */
export async function GET(): Promise<Response> {
  return withCors(new Response(publishedSdl(), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" } }));
}
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
