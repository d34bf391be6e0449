// `npm run bench [name…]`: runs the named benchmarks (default: all registered below) one after the
// other and prints their figures as JSON. Each module in bench/ exports `run()`.
const BENCHES: Record<string, () => Promise<{ run: () => Promise<unknown> }>> = {
  pages: () => import('./pages'),
  live: () => import('./live'),
};

// Flags (`--soak`, `--max-sockets=N`) are read by the benchmark modules themselves.
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const names = requested.length ? requested : Object.keys(BENCHES);
for (const name of names) {
  const load = BENCHES[name];
  if (!load) {
    console.error(`unknown benchmark "${name}" (known: ${Object.keys(BENCHES).join(', ')})`);
    process.exit(1);
  }
  console.log(`# bench ${name} — ${new Date().toISOString()}`);
  await (await load()).run();
}
process.exit(0);
export {};
