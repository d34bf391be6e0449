// i18next plural forms live in separate resource keys ("list.count_one", "list.count_other") and
// are picked by the CLDR rules of the language from the `count` variable. English needs `_one` and
// `_other`; Chinese has only `_other`. These types keep both dictionaries checked by the compiler.

/** The keys a Chinese dictionary must provide for an English one: all but the `_one` forms. */
export type ChineseMessages<English> = Record<Exclude<keyof English & string, `${string}_one`>, string>;

/** A key as code calls it: plural forms by their base name ("list.count" with `{ count }`). */
export type BaseKey<K extends string> = K extends `${infer Base}_one` ? Base : K extends `${infer Base}_other` ? Base : K;

/** The plural suffixes i18next uses for English and Chinese. */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
