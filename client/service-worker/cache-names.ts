// Names the service worker (sw.ts) and the page (register.ts) share. The shell cache carries the
// build's version, so a new build installs beside the old one and removes it when it activates; the
// API cache carries a format number, bumped only when what it stores changes shape.
export const CACHE_PREFIX = 'trellis-';
export const SHELL_CACHE_PREFIX = `${CACHE_PREFIX}shell-`;
export const API_CACHE = `${CACHE_PREFIX}api-1`;
/** The page asks the worker to forget the API cache (sign-out, another user signing in). */
export const CLEAR_API_MESSAGE = 'trellis:clear-api-cache';
/** The page hands the worker the API paths it read before the worker controlled it (first visit). */
export const WARM_API_MESSAGE = 'trellis:warm-api-cache';
