// Types of ./lazy-source-map.mjs for the TypeScript that imports it (tests).
export function mapStacksLazilyIn(dir: string): () => void;
