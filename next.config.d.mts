import type { NextConfig } from "next";

export declare const SECURITY_HEADERS: { key: string; value: string }[];
export declare const API_CSP: string;
export declare const API_CSP_PATHS: string[];
declare const nextConfig: NextConfig;
export default nextConfig;
