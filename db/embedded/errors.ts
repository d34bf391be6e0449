/** A problem the operator can fix (a taken port, a closed directory): printed as its message alone, no stack. */
export class EmbeddedPostgresError extends Error {}
