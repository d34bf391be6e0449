// Issue #12: "no browser-native <select> or date input" — every choice in the client goes through
// the design system (Select, PropertyChip, ChipPopover, Menu, DatePicker in client/ui/). This scan
// parses every .tsx file under client/ (tests excluded) and fails on a JSX <select>, <option>,
// <datalist> or an <input> whose type is a native date/time picker, naming file and line, so one
// that comes back is caught in CI. It reads the syntax tree, so comments that mention <select> and
// the words in strings do not count.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const CLIENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NATIVE_TAGS = new Set(['select', 'option', 'datalist']);
// A native colour dialog is a choice control too (issue #26: label colours use ui/ColorPicker).
const NATIVE_INPUT_TYPES = new Set(['date', 'datetime-local', 'time', 'month', 'week', 'color']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx$/.test(entry.name) && !/\.(test|spec)\.tsx$/.test(entry.name) ? [full] : [];
  });
}

/** The literal value of a JSX attribute (`type="date"` or `type={'date'}`), if it is one. */
function literalValue(attribute: ts.JsxAttribute): string | undefined {
  const init = attribute.initializer;
  if (!init) return undefined;
  if (ts.isStringLiteral(init)) return init.text;
  if (ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)) return init.expression.text;
  return undefined;
}

/** "file:line <what>" for every native choice control in a .tsx source. */
export function nativeControls(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${fileName}:${line} ${what}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText(source);
      if (NATIVE_TAGS.has(tag)) report(node, `<${tag}>`);
      if (tag === 'input') {
        for (const property of node.attributes.properties) {
          if (!ts.isJsxAttribute(property) || property.name.getText(source) !== 'type') continue;
          const value = literalValue(property);
          if (value && NATIVE_INPUT_TYPES.has(value)) report(node, `<input type="${value}">`);
        }
      }
    }
    if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression.getText(source);
      if (/(^|\.)createElement$/.test(callee) && NATIVE_TAGS.has(node.arguments[0].text)) report(node, `createElement('${node.arguments[0].text}')`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no browser-native choice controls in client/ (issue #12)', () => {
  test('the scan finds a native select, option, date and colour input, and ignores comments and strings', () => {
    const sample = [
      '// a native <select> mentioned in a comment',
      'const text = "<select>";',
      'export const A = () => <select value="a"><option value="a">A</option></select>;',
      "export const B = () => <input type={'date'} />;",
      'export const C = () => <input type="text" />;',
      'export const E = () => <input type="color" />;',
      "const d = document.createElement('select');",
    ].join('\n');
    expect(nativeControls('sample.tsx', sample)).toEqual([
      'sample.tsx:3 <select>',
      'sample.tsx:3 <option>',
      "sample.tsx:4 <input type=\"date\">",
      'sample.tsx:6 <input type="color">',
      "sample.tsx:7 createElement('select')",
    ]);
  });

  test('no .tsx file under client/ renders one', () => {
    const files = sourceFiles(CLIENT);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => nativeControls(path.relative(CLIENT, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
