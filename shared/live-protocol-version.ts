// The live protocol's version, apart from its zod schemas (live-protocol.ts) so the browser can send
// it at subscribe without loading the schemas on the first screen.
/** Version of the live protocol; bump on any incompatible change. */
export const PROTOCOL_VERSION = 1;
