// The permission table must not grow dead entries (issue 11 item 3): every name in
// shared/permission-table.ts is declared by at least one route (`config: { access: '<name>' }`) or
// asked by the live filter or the client (`can('<name>', …)`). A name nobody uses is either a
// leftover to delete or a check someone wrote by hand instead of asking the table.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { PERMISSIONS, isPermissionName, type PermissionName } from '../../shared/permission-table';

const ROOT = join(__dirname, '..', '..');
/** Where permissions are used: routes declare them; the live filter and the client ask them. */
const USING_DIRS = ['server', 'client', 'collab'];
const ROUTE_DECLARATION = /\baccess:\s*'([a-z.-]+)'/g;
const CAN_CALL = /\bcan\(\s*'([a-z.-]+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    // Tests restate permissions to check them; only production code counts as a use.
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every permission name production code uses, with the files that use it. */
function usedPermissions(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of USING_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of [ROUTE_DECLARATION, CAN_CALL]) {
      for (const match of text.matchAll(pattern)) used.set(match[1], [...(used.get(match[1]) ?? []), relative(ROOT, file)]);
    }
  }
  return used;
}

test('every permission of the table is declared by a route or asked by the live filter or the client', () => {
  const used = usedPermissions();
  const unused = (Object.keys(PERMISSIONS) as PermissionName[]).filter((name) => !used.has(name));
  expect(unused, 'permissions nobody uses: delete them or use them where the check is written by hand').toEqual([]);
});

test('the scan sees both kinds of use, and every used name is one of the table', () => {
  const used = usedPermissions();
  // Guards the scan itself: if the patterns stopped matching, the test above would pass vacuously.
  const files = [...used.values()].flat();
  expect(files.some((file) => file.startsWith('server/routes/'))).toBe(true);
  expect(files.some((file) => file.startsWith('server/live/'))).toBe(true);
  expect(files.some((file) => file.startsWith('client/'))).toBe(true);
  expect([...used.keys()].filter((name) => !isPermissionName(name))).toEqual([]);
});
