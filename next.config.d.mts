import type { NextConfig } from "next";

export declare const SECURITY_HEADERS: { key: string; value: string }[];
declare const nextConfig: NextConfig;
export default nextConfig;
