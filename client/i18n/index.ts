// Hand-written i18n: two dictionaries, `t(key, vars)` for code outside React and `useT()` for
// components. The locale comes from the profile `language` when signed in, else the browser.
import { useCallback } from 'react';
import { create } from 'zustand';
import { en, type MessageKey } from './en';
import { zhCN } from './zh-CN';
import type { AuthErrorName } from '../../shared/error-codes';

export type { MessageKey } from './en';

export const Locale = { EN: 'en', ZH_CN: 'zh-CN' } as const;
export type Locale = (typeof Locale)[keyof typeof Locale];
export const SUPPORTED_LOCALES: readonly Locale[] = [Locale.EN, Locale.ZH_CN];

export type MessageVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

const DICTIONARIES: Record<Locale, Record<MessageKey, string>> = { en, 'zh-CN': zhCN };

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

const useLocaleStore = create<{ locale: Locale }>(() => ({ locale: resolveLocale(null, browserLanguage()) }));

/** The active locale. */
export function getLocale(): Locale {
  return useLocaleStore.getState().locale;
}

/** Switches the interface language and the document's `lang`. */
export function setLocale(locale: Locale): void {
  useLocaleStore.setState({ locale });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Picks the locale for a (possibly signed-out) user: profile language, else the browser. */
export function applyProfileLanguage(profileLanguage: string | null | undefined): void {
  setLocale(resolveLocale(profileLanguage, browserLanguage()));
}

/** Formats one message in a given locale, replacing `{name}` placeholders. */
export function translate(locale: Locale, key: MessageKey, vars?: MessageVars): string {
  const template = DICTIONARIES[locale][key] ?? en[key] ?? key;
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

/** Formats one message in the active locale. */
export const t: Translate = (key, vars) => translate(getLocale(), key, vars);

/** The translate function for components; re-renders them when the locale changes. */
export function useT(): Translate {
  const locale = useLocaleStore((state) => state.locale);
  return useCallback<Translate>((key, vars) => translate(locale, key, vars), [locale]);
}

/** The active locale, as a hook. */
export function useLocale(): Locale {
  return useLocaleStore((state) => state.locale);
}

/** The message key of an auth error name. */
export function authErrorKey(name: AuthErrorName): MessageKey {
  return `authError.${name}`;
}

/** Every message of a locale (for tests and tooling). */
export function getDictionary(locale: Locale): Readonly<Record<MessageKey, string>> {
  return DICTIONARIES[locale];
}
