import { z } from "zod";
import type { RouteContract, TagDoc } from "../contracts/contract";

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
};

function parameters(obj: z.ZodObject | undefined, where: "path" | "query" | "header") {
  if (!obj) return [];
  const schema = toSchema(obj, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || (schema.required ?? []).includes(name),
    ...(typeof s.description === "string" ? { description: s.description } : {}),
    schema: s,
  }));
}

function operation(doc: RouteContract) {
  return {
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: doc.tags,
    operationId: `${doc.method}${doc.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    security:
      doc.auth === "none" ? [] : doc.auth === "token" ? [{ TokenAuth: [] }] : [{ TokenAuth: [] }, { BasicAuth: [] }],
    parameters: [
      ...parameters(doc.params, "path"),
      ...parameters(doc.query, "query"),
      ...parameters(doc.headers, "header"),
    ],
    ...(doc.body
      ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(doc.body, "input") } } } }
      : {}),
    responses: Object.fromEntries(
      Object.entries(doc.responses).map(([status, r]) => [
        status,
        {
          description: r.description,
          ...(r.schema ? { content: { "application/json": { schema: toSchema(r.schema, "output") } } } : {}),
        },
      ]),
    ),
  };
}

/** Merges every RouteContract of the route table into one OpenAPI 3.1 document. */
export function buildOpenApi(
  docs: RouteContract[],
  info: { title: string; version: string; description?: string } = { title: "Kraken Migrate API", version: "1" },
  tags: TagDoc[] = [],
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of docs) {
    paths[doc.path] ??= {};
    if (paths[doc.path][doc.method]) throw new Error(`Route documented twice: ${doc.method.toUpperCase()} ${doc.path}`);
    paths[doc.path][doc.method] = operation(doc);
  }
  return {
    openapi: "3.1.0",
    info,
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/" }],
    ...(tags.length ? { tags } : {}),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        TokenAuth: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description:
            "`Token <token>` (also `JWT <token>` or the bare token); obtain the token with the obtainKrakenToken mutation at POST /v1/graphql/.",
        },
        BasicAuth: { type: "http", scheme: "basic", description: "The API key as user name and an empty password." },
      },
    },
  };
}
