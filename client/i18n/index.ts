// The interface language, on i18next (plural rules per CLDR, interpolation, language switching that
// re-renders through react-i18next) instead of a hand-written formatter. `t(key, vars)` is for code
// outside React, `useT()` for components. The locale comes from the profile `language` when signed
// in, else the browser. Messages keep their `{name}` placeholders: i18next is told to use single
// braces, so the dictionaries did not change shape.
import { useCallback } from 'react';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en, type MessageKey, type ResourceKey } from './en';
import { zhCN } from './zh-CN';
import type { AuthErrorName } from '../../shared/error-codes';

export type { MessageKey, ResourceKey } from './en';

export const Locale = { EN: 'en', ZH_CN: 'zh-CN' } as const;
export type Locale = (typeof Locale)[keyof typeof Locale];
export const SUPPORTED_LOCALES: readonly Locale[] = [Locale.EN, Locale.ZH_CN];

export type MessageVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

const RESOURCES: Record<Locale, Readonly<Record<string, string>>> = { en, 'zh-CN': zhCN };

/** Maps a language tag ("zh", "zh-Hans-CN", "en-GB") to a supported locale, else null. */
export function normalizeLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return Locale.ZH_CN;
  if (lower.startsWith('en')) return Locale.EN;
  return null;
}

/** Profile language wins when signed in; then the browser language; then English. */
export function resolveLocale(profileLanguage?: string | null, browserLanguage?: string | null): Locale {
  return normalizeLocale(profileLanguage) ?? (normalizeLocale(browserLanguage) === Locale.ZH_CN ? Locale.ZH_CN : Locale.EN);
}

function browserLanguage(): string | null {
  return typeof navigator === 'undefined' ? null : (navigator.language ?? null);
}

/** The app's one i18next instance; resources are bundled, so it is ready synchronously. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
  lng: resolveLocale(null, browserLanguage()),
  fallbackLng: Locale.EN,
  supportedLngs: [...SUPPORTED_LOCALES],
  // Keys are flat strings with dots ("auth.signInButton"), not nested paths.
  keySeparator: false,
  nsSeparator: false,
  initAsync: false,
  interpolation: {
    escapeValue: false, // React escapes what it renders
    prefix: '{',
    suffix: '}',
  },
  // An unfilled placeholder stays visible ("{code}") rather than vanishing from the sentence.
  missingInterpolationHandler: (_text, match: string[]) => match[0],
  react: { useSuspense: false },
});

/** The active locale. */
export function getLocale(): Locale {
  return normalizeLocale(i18n.language) ?? Locale.EN;
}

/** Switches the interface language and the document's `lang`. */
export function setLocale(locale: Locale): void {
  void i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Picks the locale for a (possibly signed-out) user: profile language, else the browser. */
export function applyProfileLanguage(profileLanguage: string | null | undefined): void {
  setLocale(resolveLocale(profileLanguage, browserLanguage()));
}

/** Formats one message in a given locale. */
export function translate(locale: Locale, key: MessageKey, vars?: MessageVars): string {
  return i18n.getFixedT(locale)(key, vars ?? {}) as string;
}

/** Formats one message in the active locale. */
export const t: Translate = (key, vars) => i18n.t(key, vars ?? {}) as string;

/** The translate function for components; re-renders them when the locale changes. */
export function useT(): Translate {
  const { t: translateInLocale } = useTranslation(undefined, { i18n });
  return useCallback<Translate>((key, vars) => translateInLocale(key, vars ?? {}) as string, [translateInLocale]);
}

/** The active locale, as a hook. */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation(undefined, { i18n });
  return normalizeLocale(instance.language) ?? Locale.EN;
}

/** The message key of an auth error name. */
export function authErrorKey(name: AuthErrorName): MessageKey {
  return `authError.${name}`;
}

/** Every resource of a locale, plural forms included (for tests and tooling). */
export function getDictionary(locale: Locale): Readonly<Record<string, string>> {
  return RESOURCES[locale];
}

/** Every resource key of English, the reference locale. */
export const ENGLISH_KEYS = Object.keys(en) as ResourceKey[];
