// Stack traces of the built server name the TypeScript sources, with the map read only when a stack
// is first formatted. `process.setSourceMapsEnabled(true)` made Node read and index the bundle's map
// (and measure every line of the 10 MB bundle) at load: a tenth of the start's CPU, for traces that a
// healthy start never prints. Plain JavaScript: it runs before anything is compiled.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Maps the frames of `bundlePath` in every formatted stack through `mapPath` (parsed on first use).
 * Returns a function that puts the previous formatter back.
 */
export function mapStacksLazily(bundlePath, mapPath) {
  const bundleUrl = pathToFileURL(bundlePath).href;
  let map; // undefined: not read yet; null: unreadable (traces stay as they are)
  const load = () => {
    if (map !== undefined) return map;
    try {
      map = new SourceMap(JSON.parse(readFileSync(mapPath, 'utf8')));
    } catch {
      map = null;
    }
    return map;
  };
  const position = /(file:\/\/[^\s()]+|\/[^\s()]+):(\d+):(\d+)/;
  const mapFrame = (text) =>
    text.replace(position, (whole, file, line, column) => {
      if (file !== bundleUrl && file !== bundlePath) return whole;
      const entry = load()?.findEntry(Number(line) - 1, Number(column) - 1);
      if (!entry || !entry.originalSource) return whole;
      // The map names sources relative to itself (../../server/…): printed as absolute paths, as Node does.
      const source = fileURLToPath(new URL(entry.originalSource, pathToFileURL(mapPath)));
      return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    });
  // Node's own formatter (Node 20 installs one) writes the trace; only its frame lines are mapped.
  const format = Error.prepareStackTrace;
  Error.prepareStackTrace = (error, callSites) => {
    const text = format ? format(error, callSites) : [String(error), ...callSites.map((site) => `    at ${site}`)].join('\n');
    if (typeof text !== 'string') return text;
    return text
      .split('\n')
      .map((line) => (line.startsWith('    at ') ? mapFrame(line) : line))
      .join('\n');
  };
  return () => {
    Error.prepareStackTrace = format;
  };
}
