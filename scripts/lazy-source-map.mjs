// Stack traces of the built server name the TypeScript sources, with the map read only when a stack
// is first formatted. `process.setSourceMapsEnabled(true)` made Node read and index the bundle's map
// (and measure every line of the 10 MB bundle) at load: a tenth of the start's CPU, for traces that a
// healthy start never prints. Plain JavaScript: it runs before anything is compiled.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Maps the frames of every file in `dir` that has a source map beside it (`<file>.map`, parsed on
 * first use): the built server is main.js and the chunks it loads. Returns a function that puts the
 * previous formatter back.
 */
export function mapStacksLazilyIn(dir) {
  const prefix = dir.endsWith(sep) ? dir : `${dir}${sep}`;
  return mapStacks((file) => (file.startsWith(prefix) ? `${file}.map` : undefined));
}

/** Installs the formatter; `mapPathOf(file)` names the map of a frame's file, or undefined. */
function mapStacks(mapPathOf) {
  const maps = new Map(); // map path → SourceMap, or null when unreadable (its frames stay as they are)
  const load = (mapPath) => {
    if (!maps.has(mapPath)) {
      try {
        maps.set(mapPath, new SourceMap(JSON.parse(readFileSync(mapPath, 'utf8'))));
      } catch {
        maps.set(mapPath, null);
      }
    }
    return maps.get(mapPath);
  };
  const position = /(file:\/\/[^\s()]+|\/[^\s()]+):(\d+):(\d+)/;
  const mapFrame = (text) =>
    text.replace(position, (whole, file, line, column) => {
      let path = file;
      try {
        if (file.startsWith('file://')) path = fileURLToPath(file);
      } catch {
        return whole; // not a path this process could have loaded
      }
      const mapPath = mapPathOf(path);
      const entry = mapPath && load(mapPath)?.findEntry(Number(line) - 1, Number(column) - 1);
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
