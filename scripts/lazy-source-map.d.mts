// Types of ./lazy-source-map.mjs for the TypeScript that imports it (tests).
export function mapStacksLazily(bundlePath: string, mapPath: string): () => void;
