import type { z } from "zod";

/** One documented REST operation; every area lists its routes as RouteDoc[] and the builder merges them. */
export type RouteDoc = {
  method: "get" | "post";
  /** OpenAPI path template, e.g. `/v1/products/{product_code}/`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: "none" | "token" | "token_or_basic";
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
};

/** A tag's own documentation (OpenAPI's top-level `tags`), for what its operations share. */
export type TagDoc = { name: string; description: string };
