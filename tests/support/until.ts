// Polls `read` every 50 ms until `ok` accepts its value (then returns it) or the time is up (then
// throws with the last value) — for effects of background work (job queue, SMTP, webhooks).
export async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
