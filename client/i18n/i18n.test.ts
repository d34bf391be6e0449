// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AuthErrorCode, AUTH_ERROR_NAMES } from '../auth/auth-errors';
import { PLURAL_SUFFIX } from './plural-keys';
import { applyProfileLanguage, authErrorKey, getDictionary, getLocale, loadLocale, Locale, normalizeLocale, resolveLocale, setLocale, t, translate } from './index';

// Chinese is fetched on first use in the app; these tests read it directly.
await loadLocale(Locale.ZH_CN);

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

afterEach(() => {
  vi.restoreAllMocks();
  setLocale(Locale.EN);
});

describe('locale choice', () => {
  test('a zh browser gets zh-CN when signed out', () => {
    expect(resolveLocale(null, 'zh-TW')).toBe('zh-CN');
    expect(resolveLocale(undefined, 'zh')).toBe('zh-CN');
    expect(resolveLocale(null, 'fr-FR')).toBe('en');
    expect(resolveLocale(null, null)).toBe('en');
  });

  test('the profile language wins over the browser', () => {
    expect(resolveLocale('en', 'zh-CN')).toBe('en');
    expect(resolveLocale('zh-CN', 'en-US')).toBe('zh-CN');
    expect(resolveLocale('klingon', 'zh-CN')).toBe('zh-CN');
  });

  test('applyProfileLanguage reads navigator.language when there is no profile', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    applyProfileLanguage(null);
    expect(getLocale()).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(t('auth.signInButton')).toBe('登录');
    applyProfileLanguage('en');
    expect(t('auth.signInButton')).toBe('Sign in');
  });

  test('normalizeLocale maps language tags', () => {
    expect(normalizeLocale('zh-Hans-CN')).toBe('zh-CN');
    expect(normalizeLocale('en-GB')).toBe('en');
    expect(normalizeLocale('')).toBeNull();
  });
});

describe('dictionaries', () => {
  const english = getDictionary(Locale.EN);
  const chinese = getDictionary(Locale.ZH_CN);
  /** The key a locale must provide for an English resource key: Chinese has only the `_other` plural. */
  const chineseKeyOf = (key: string) => key.replace(/_one$/, '_other');

  test('zh-CN says "snooze" as putting off (延后), never as pausing (暂停)', () => {
    const snoozeKeys = Object.keys(english).filter((key) => /snooz/i.test(english[key]));
    expect(snoozeKeys.length).toBeGreaterThan(3);
    for (const key of snoozeKeys) expect(chinese[chineseKeyOf(key)], key).not.toMatch(/暂停/);
  });

  test('every auth error code of spec §8 has a message in both locales', () => {
    expect(AUTH_ERROR_NAMES).toHaveLength(50);
    for (const name of AUTH_ERROR_NAMES) {
      const key = authErrorKey(name);
      expect(english[key], `${name} (${AuthErrorCode[name]}) en`).toBeTruthy();
      expect(chinese[key], `${name} (${AuthErrorCode[name]}) zh-CN`).toBeTruthy();
      expect(chinese[key]).not.toBe(english[key]);
    }
  });

  test('no key is missing in either locale; none is empty; placeholders match', () => {
    const missingInChinese = Object.keys(english).filter((key) => !(chineseKeyOf(key) in chinese));
    const missingInEnglish = Object.keys(chinese).filter((key) => !(key in english));
    expect(missingInChinese, 'keys missing in zh-CN').toEqual([]);
    expect(missingInEnglish, 'keys missing in en').toEqual([]);
    for (const key of Object.keys(english)) {
      const zh = chinese[chineseKeyOf(key)]!;
      expect(zh.trim(), key).not.toBe('');
      expect(placeholders(zh), key).toEqual(placeholders(english[key]!));
    }
  });

  test('the completeness check catches a key missing in either locale', () => {
    // The check above must be able to fail: drop one key from a copy and it is reported.
    const [someKey] = Object.keys(english);
    const withoutOne = { ...chinese };
    delete withoutOne[chineseKeyOf(someKey!)];
    expect(Object.keys(english).filter((key) => !(chineseKeyOf(key) in withoutOne))).toEqual([someKey]);
  });

  test('English plurals have one and other forms; Chinese only other', () => {
    const plurals = Object.keys(english).filter((key) => PLURAL_SUFFIX.test(key));
    expect(plurals.length).toBeGreaterThan(0);
    for (const key of plurals) {
      const base = key.replace(PLURAL_SUFFIX, '');
      expect(english[`${base}_one`], key).toBeTruthy();
      expect(english[`${base}_other`], key).toBeTruthy();
      expect(chinese[`${base}_one`], key).toBeUndefined();
    }
  });

  test('plural rules pick the form from count', () => {
    expect(translate('en', 'list.count', { count: 1 })).toBe('1 issue');
    expect(translate('en', 'list.count', { count: 3 })).toBe('3 issues');
    expect(translate('en', 'list.count', { count: 0 })).toBe('0 issues');
    expect(translate('zh-CN', 'list.count', { count: 1 })).toBe('1 个工作项');
    expect(translate('zh-CN', 'list.count', { count: 5 })).toBe('5 个工作项');
  });

  test('translate fills placeholders and leaves unknown ones', () => {
    expect(translate('en', 'auth.code.sentTo', { email: 'a@b.c' })).toContain('a@b.c');
    expect(translate('zh-CN', 'onboarding.stepOf', { current: 1, total: 3 })).toBe('第 1 步，共 3 步');
    expect(translate('en', 'authError.UNKNOWN')).toContain('{code}');
  });

  test('text with HTML characters is not escaped (React escapes it when rendering)', () => {
    expect(translate('en', 'auth.code.sentTo', { email: '<a&b>@c.d' })).toContain('<a&b>@c.d');
  });
});
