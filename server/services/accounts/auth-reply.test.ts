import { expect, test } from 'vitest';
import { safeNextPath } from './auth-reply';

test.each([
  ['/acme/issues', '/acme/issues'],
  ['/acme/issues?layout=list#top', '/acme/issues?layout=list#top'],
  ['https://evil.example.com/acme', '/acme'],
  ['\\\\evil.example.com/x', null],
  ['//evil.example.com/x', '/x'],
  ['acme', null],
  ['/a/../b', null],
  ['/a/%2e%2e/b', null],
  ['javascript:alert(1)', null],
  ['/x?<script>', null],
  ['', null],
  [`/${'a'.repeat(600)}`, null],
  [42, null],
])('safeNextPath(%j) → %j', (input, expected) => {
  expect(safeNextPath(input)).toBe(expected);
});
