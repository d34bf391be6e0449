// Types of ./build-server.mjs for the TypeScript that imports it (tests, benchmarks).
export const ROOT: string;
export const DEFAULT_OUT_DIR: string;
export function sourceFingerprint(): string;
export function staleReason(outDir?: string): string | null;
export function buildServer(options?: { outDir?: string; quiet?: boolean }): Promise<void>;
export function ensureServerBuilt(options?: { outDir?: string }): Promise<string>;
