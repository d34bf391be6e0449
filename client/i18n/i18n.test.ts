// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AuthErrorCode, AUTH_ERROR_NAMES } from '../auth/auth-errors';
import { en } from './en';
import { zhCN } from './zh-CN';
import { applyProfileLanguage, authErrorKey, getLocale, Locale, normalizeLocale, resolveLocale, setLocale, t, translate } from './index';

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
  test('every auth error code of spec §8 has a message in both locales', () => {
    expect(AUTH_ERROR_NAMES).toHaveLength(50);
    for (const name of AUTH_ERROR_NAMES) {
      const key = authErrorKey(name);
      expect(en[key], `${name} (${AuthErrorCode[name]}) en`).toBeTruthy();
      expect(zhCN[key], `${name} (${AuthErrorCode[name]}) zh-CN`).toBeTruthy();
      expect(zhCN[key]).not.toBe(en[key]);
    }
  });

  test('both locales have the same keys, non-empty, with the same placeholders', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(zhCN[key].trim(), key).not.toBe('');
      expect(placeholders(zhCN[key]), key).toEqual(placeholders(en[key]));
    }
  });

  test('translate fills placeholders and leaves unknown ones', () => {
    expect(translate('en', 'auth.code.sentTo', { email: 'a@b.c' })).toContain('a@b.c');
    expect(translate('zh-CN', 'onboarding.stepOf', { current: 1, total: 3 })).toBe('第 1 步，共 3 步');
    expect(translate('en', 'authError.UNKNOWN')).toContain('{code}');
  });
});
