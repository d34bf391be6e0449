import { describe, test, expect } from 'vitest';
import { displayNames, nameOrUntitled } from './names';

describe('names', () => {
  test('up to three names are listed', () => {
    expect(displayNames([])).toBe('');
    expect(displayNames(['Ann'])).toBe('Ann');
    expect(displayNames(['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo, Cy');
  });

  test('the rest is summarised as +N more', () => {
    expect(displayNames(['Ann', 'Bo', 'Cy', 'Di'])).toBe('Ann, Bo, Cy +1 more');
    expect(displayNames(['Ann', 'Bo', 'Cy', 'Di', 'Ed'])).toBe('Ann, Bo, Cy +2 more');
    expect(displayNames(['Ann', 'Bo', 'Cy'], 1)).toBe('Ann +2 more');
    expect(displayNames(['Ann', 'Bo'], 0)).toBe('+2 more');
  });

  test('empty names show as Untitled', () => {
    expect(nameOrUntitled('')).toBe('Untitled');
    expect(nameOrUntitled('   ')).toBe('Untitled');
    expect(nameOrUntitled(null)).toBe('Untitled');
    expect(nameOrUntitled(undefined)).toBe('Untitled');
    expect(nameOrUntitled('Roadmap')).toBe('Roadmap');
    expect(displayNames(['', 'Bo'])).toBe('Untitled, Bo');
  });
});
