import { describe, test, expect } from 'vitest';
import { defaultDisplayName, displayNames, nameOrUntitled, onboardingDisplayName } from './names';

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

describe('onboarding display name', () => {
  test('an email-derived display name becomes the full name typed at onboarding', () => {
    const user = { email: 'grace.h@example.com', display_name: defaultDisplayName('grace.h@example.com') };
    expect(user.display_name).toBe('grace.h');
    expect(onboardingDisplayName(user, ' Grace ', ' Hopper ')).toBe('Grace Hopper');
    expect(onboardingDisplayName(user, 'Grace', '')).toBe('Grace');
    expect(onboardingDisplayName({ email: 'x@example.com', display_name: '' }, 'Ada', 'L')).toBe('Ada L');
  });

  test('a display name the person chose is kept, and blank names change nothing', () => {
    expect(onboardingDisplayName({ email: 'grace.h@example.com', display_name: 'amazing-grace' }, 'Grace', 'Hopper')).toBeNull();
    expect(onboardingDisplayName({ email: 'grace.h@example.com', display_name: 'grace.h' }, '  ', '')).toBeNull();
  });
});
