// The interface language, on i18next (plural rules per CLDR, interpolation, language switching that
// re-renders every component through one shared subscription) instead of a hand-written formatter. `t(key, vars)` is for code
// outside React, `useT()` for components. The locale comes from the profile `language` when signed
// in, else the browser. Messages keep their `{name}` placeholders: i18next is told to use single
// braces, so the dictionaries did not change shape.
import { useSyncExternalStore } from 'react';
import i18next from 'i18next';
import { en, type MessageKey } from './en';
import type { AuthErrorName } from '../../shared/error-codes';

export type { MessageKey, ResourceKey } from './en';

export const Locale = { EN: 'en', ZH_CN: 'zh-CN' } as const;
export type Locale = (typeof Locale)[keyof typeof Locale];
export const SUPPORTED_LOCALES: readonly Locale[] = [Locale.EN, Locale.ZH_CN];

type MessageVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

const RESOURCES: Partial<Record<Locale, Readonly<Record<string, string>>>> = { en };

// English ships with the app (it is every key's fallback); other locales are fetched the first time
// they are used, so an English reader does not download the Chinese dictionary.
const LOADERS: Record<Locale, () => Promise<Readonly<Record<string, string>>>> = {
  en: () => Promise.resolve(en),
  'zh-CN': () => import('./zh-CN').then((module) => module.zhCN),
};
const loading = new Map<Locale, Promise<void>>();

/** Fetches a locale's dictionary once and adds it to i18next; resolves at once when it is there. */
export function loadLocale(locale: Locale): Promise<void> {
  if (RESOURCES[locale]) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then((dictionary) => {
      RESOURCES[locale] = dictionary;
      i18n.addResourceBundle(locale, 'translation', dictionary, true, true);
    });
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

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

/** The app's one i18next instance; English is bundled, so it is ready synchronously. */
export const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en } },
  // Starts in English; `startLocale` (main.tsx) switches to the browser's locale once it is loaded.
  lng: Locale.EN,
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
});

/** The active locale. */
export function getLocale(): Locale {
  return normalizeLocale(i18n.language) ?? Locale.EN;
}

/**
 * Switches the interface language and the document's `lang` — at once when the locale's dictionary
 * is loaded (always for English), else as soon as it arrives (a failed fetch keeps the current one).
 */
export function setLocale(locale: Locale): Promise<void> {
  wanted = locale;
  const apply = () => {
    if (wanted !== locale) return; // a later choice won while this one loaded
    void i18n.changeLanguage(locale);
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  };
  if (RESOURCES[locale]) {
    apply();
    return Promise.resolve();
  }
  return loadLocale(locale).then(apply, () => undefined);
}
let wanted: Locale = Locale.EN;

/** The browser's locale, loaded before the first render so a Chinese reader never sees English flash. */
export function startLocale(): Promise<void> {
  return setLocale(resolveLocale(null, browserLanguage()));
}

/** Picks the locale for a (possibly signed-out) user: profile language, else the browser. */
export function applyProfileLanguage(profileLanguage: string | null | undefined): Promise<void> {
  return setLocale(resolveLocale(profileLanguage, browserLanguage()));
}

/** Formats one message in a given locale. */
export function translate(locale: Locale, key: MessageKey, vars?: MessageVars): string {
  return i18n.getFixedT(locale)(key, vars ?? {}) as string;
}

/** Formats one message in the active locale. */
export const t: Translate = (key, vars) => i18n.t(key, vars ?? {}) as string;

// Components follow the language through one subscription to i18next's languageChanged event and
// share one translate function per language. (react-i18next's useTranslation built a wrapper and
// a listener per call, and a kanban card calls useT from each of its chips: on a 10,000-issue
// board that was a tenth of the render.)
const languageListeners = new Set<() => void>();
i18n.on('languageChanged', () => languageListeners.forEach((listener) => listener()));
function subscribeLanguage(listener: () => void): () => void {
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
}
const currentLanguage = () => i18n.language;

// Each translator remembers what it formatted: i18next's lookup and interpolation cost ~30 µs a
// call, and a board of cards asks for the same few labels ("Priority: High") hundreds of times.
// A dictionary added later (a locale arriving) starts every translator afresh.
const translators = new Map<string, Translate>();
const TRANSLATIONS_KEPT = 5000;
i18n.store.on('added', () => translators.clear());
function translatorFor(language: string): Translate {
  let translator = translators.get(language);
  if (!translator) {
    const fixed = i18n.getFixedT(language);
    const formatted = new Map<string, string>();
    translator = (key, vars) => {
      const id = vars ? `${key}\u0000${JSON.stringify(vars)}` : key;
      let text = formatted.get(id);
      if (text === undefined) {
        text = fixed(key, vars ?? {}) as string;
        if (formatted.size >= TRANSLATIONS_KEPT) formatted.clear();
        formatted.set(id, text);
      }
      return text;
    };
    translators.set(language, translator);
  }
  return translator;
}

/** The translate function for components; re-renders them when the locale changes. */
export function useT(): Translate {
  return translatorFor(useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage));
}

/** The active locale, as a hook. */
export function useLocale(): Locale {
  return normalizeLocale(useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage)) ?? Locale.EN;
}

/** The message key of an auth error name. */
export function authErrorKey(name: AuthErrorName): MessageKey {
  return `authError.${name}`;
}

/** Every resource of a locale, plural forms included (for tests and tooling). */
export function getDictionary(locale: Locale): Readonly<Record<string, string>> {
  const dictionary = RESOURCES[locale];
  if (!dictionary) throw new Error(`The ${locale} dictionary is not loaded: await loadLocale('${locale}') first`);
  return dictionary;
}
