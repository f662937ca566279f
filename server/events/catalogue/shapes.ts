import type { z } from "zod";

// Every shared shape of both catalogue documents, defined once across these files.
export * from "@/server/events/catalogue/shapes-account-to-industry";
export * from "@/server/events/catalogue/shapes-ink-to-lifecycle";
export * from "@/server/events/catalogue/shapes-meterpoint";

/** One domain file of the catalogue: event type -> payload version -> payload schema. */
export type CatalogueSection = Record<string, Record<string, z.ZodType>>;
