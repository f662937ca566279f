import type { ZodType } from "zod";

export declare const CONFIG_RULES: Record<string, ZodType>;
export declare const DATABASE_VARS: string[];
export declare function redactUrl(raw: string): string;
export declare function configErrors(env?: Record<string, string | undefined>, names?: string[]): string[];
export declare function assertConfig(env?: Record<string, string | undefined>, names?: string[]): void;
