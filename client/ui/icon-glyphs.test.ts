// Issue #12: "no emoji or Unicode symbols as icons". Emoji, dingbats (✓ ✕ ❤), arrows (← → ↑ ↓),
// geometric shapes (▲ ■ ●) and the other symbol blocks render as empty boxes on a machine without
// the right font and are read out oddly by screen readers; icons come from lucide-react. This scan
// parses every .ts/.tsx file under client/ (tests excluded) and fails on such a glyph in JSX text
// or in any string or template literal (icon maps, labels built in code), naming file, line and
// glyph. It reads the syntax tree, so comments may use arrows freely.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const CLIENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Symbol glyphs: arrows, technical symbols, enclosed alphanumerics, geometric shapes, miscellaneous
 * symbols, dingbats, supplemental arrows, emoji (with the emoji variation selector and keycap mark),
 * ‼ ⁉ and the multiplication sign × used as a close icon. Punctuation (— – … · •) is not a symbol.
 */
const SYMBOL = /[\u00D7\u203C\u2049\u2190-\u21FF\u2300-\u23FF\u2460-\u24FF\u25A0-\u25FF\u2600-\u27BF\u27F0-\u27FF\u2900-\u297F\u2B00-\u2BFF\u20E3\uFE0F]|[\u{1F000}-\u{1FAFF}]/gu;

/**
 * Where a glyph is text, not an icon. Kept tight on purpose; a new entry needs a reason.
 * - '⌘' anywhere: the name Apple prints on its Command key, shown as a key label ("⌘K") the way
 *   the key itself reads; the shortcut is also given as "Ctrl".
 * - client/components/issues/reactions.ts: the reaction values the API stores (Plane keeps a
 *   reaction as its emoji). They are compared and sent, never painted: ReactionButton draws icons.
 * - i18n message files: none needed today; a message may later use one as a word or punctuation,
 *   added here with its reason.
 */
const ALLOWED_EVERYWHERE = new Set(['⌘']);
const ALLOWED_IN_FILE: Record<string, Set<string>> = {
  [path.join('components', 'issues', 'reactions.ts')]: new Set(['👍', '🎉', '❤', '\uFE0F', '👀']),
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** "file:line 'glyph'" for every symbol glyph in the text a .ts/.tsx source can show or build. */
export function symbolGlyphs(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const allowed = ALLOWED_IN_FILE[fileName];
  const found: string[] = [];
  const check = (node: ts.Node, value: string) => {
    for (const [glyph] of value.matchAll(SYMBOL)) {
      if (ALLOWED_EVERYWHERE.has(glyph) || allowed?.has(glyph)) continue;
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${fileName}:${line} '${glyph}'`);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) check(node, node.text);
    else if (ts.isStringLiteralLike(node)) check(node, node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) check(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no emoji or Unicode symbols as icons in client/ (issue #12)', () => {
  test('the scan finds glyphs in JSX text, strings and templates, and ignores comments and punctuation', () => {
    const sample = [
      '// an arrow → in a comment, and ✓',
      'export const A = () => <button>✕</button>;',
      "const icons = { done: '✔', high: '▲' };",
      'const label = `${count} ★`;',
      'export const B = () => <span title="Next →">Loading… — 3 · 4</span>;',
      "const reaction = '👍';",
      "const keys = '⌘K';",
    ].join('\n');
    expect(symbolGlyphs('sample.tsx', sample)).toEqual([
      "sample.tsx:2 '✕'",
      "sample.tsx:3 '✔'",
      "sample.tsx:3 '▲'",
      "sample.tsx:4 '★'",
      "sample.tsx:5 '→'",
      "sample.tsx:6 '👍'",
    ]);
  });

  test('no source file under client/ shows one', () => {
    const files = sourceFiles(CLIENT);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => symbolGlyphs(path.relative(CLIENT, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
