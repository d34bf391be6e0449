// Bench-only preload for the server process (bench/live.ts starts it with `node --expose-gc
// --import tsx --import ./bench/gc-hook.ts boot/main.ts` and an IPC channel). On a `gc` message
// it runs a full collection (twice, so finalisers of the first pass are collected too) and answers
// with `process.memoryUsage()`, so the bench reads retained memory rather than RSS that still holds
// garbage. Nothing in server/ knows about it; production never loads it.
type Gc = () => void;

if (process.send && typeof (globalThis as { gc?: Gc }).gc === 'function') {
  const gc = (globalThis as { gc?: Gc }).gc!;
  process.on('message', (message: { type?: string }) => {
    if (message?.type !== 'gc') return;
    gc();
    setImmediate(() => {
      gc();
      process.send!({ type: 'memory', ...process.memoryUsage() });
    });
  });
  // The IPC channel must not keep the server alive after SIGTERM closes it.
  process.channel?.unref();
}
