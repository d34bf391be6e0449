// SIGTERM (process managers, `docker stop`) and SIGINT (Ctrl-C) end a Trellis process the same
// way: run the close steps once (drain HTTP, close sockets, flush, close the database and stop the
// embedded cluster), exit 0; exit 1 if they have not finished within the grace period.
const GRACE_MS = 15_000;

/** Installs the handlers at once, so a signal during start-up is honoured too; `close` sees what has been opened by then. */
export function exitOnSignals(close: (signal: NodeJS.Signals) => Promise<void>): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => process.exit(1), GRACE_MS);
    let code = 0;
    try {
      await close(signal);
    } catch (error) {
      console.error(error);
      code = 1;
    } finally {
      clearTimeout(timer);
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
