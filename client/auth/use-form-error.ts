// Form error state for pages: auth codes become a banner or an inline field message (spec §8),
// other API errors a banner with the server's text, network failures a generic banner.
import { useCallback, useMemo, useState } from 'react';
import { ApiError, readErrorText } from '../api/http';
import { authErrorKey, useT, type MessageKey, type Translate } from '../i18n';
import { AuthErrorDisplay, describeAuthError, readAuthErrorCode, type AuthErrorView } from './auth-errors';

type FormError =
  | { kind: 'auth'; view: AuthErrorView }
  | { kind: 'text'; text: string }
  | { kind: 'key'; key: MessageKey; display: AuthErrorDisplay };

/** The message for an auth error in the active locale. */
function authErrorMessage(t: Translate, view: AuthErrorView): string {
  return view.name ? t(authErrorKey(view.name)) : t('authError.UNKNOWN', { code: view.code });
}

export interface FormErrorState {
  /** Message for the banner, or null. */
  banner: string | null;
  /** The auth code being shown, if any. */
  code: number | null;
  /** Inline message for one field, or null. */
  fieldError: (field: AuthErrorDisplay) => string | null;
  /** Shows whatever a failed call threw. */
  showError: (error: unknown) => void;
  /** Shows an auth code (e.g. read from the URL). */
  showCode: (code: number) => void;
  /** Shows a local validation message. */
  showMessage: (key: MessageKey, display?: AuthErrorDisplay) => void;
  clear: () => void;
  /**
   * Clears the shown error, runs `work` and shows what it throws instead of rethrowing: the
   * clear/try/show every submit does. Resolves true when `work` finished.
   */
  attempt: (work: () => Promise<unknown>) => Promise<boolean>;
}

/**
 * @param fields the inline fields the form shows now; an error meant for a field that is not on
 * screen falls back to the banner so it is never lost.
 */
export function useFormError(fields: readonly AuthErrorDisplay[] = []): FormErrorState {
  const t = useT();
  const [error, setError] = useState<FormError | null>(null);

  const showError = useCallback((thrown: unknown) => {
    const code = readAuthErrorCode(thrown);
    if (code !== null) return setError({ kind: 'auth', view: describeAuthError(code) });
    if (thrown instanceof ApiError) {
      const text = readErrorText(thrown.body);
      if (text && thrown.status < 500) return setError({ kind: 'text', text });
      return setError({ kind: 'key', key: 'common.errorGeneric', display: AuthErrorDisplay.BANNER });
    }
    setError({ kind: 'key', key: 'common.errorNetwork', display: AuthErrorDisplay.BANNER });
  }, []);

  const showCode = useCallback((code: number) => setError({ kind: 'auth', view: describeAuthError(code) }), []);
  const showMessage = useCallback(
    (key: MessageKey, display: AuthErrorDisplay = AuthErrorDisplay.BANNER) => setError({ kind: 'key', key, display }),
    [],
  );
  const clear = useCallback(() => setError(null), []);
  const attempt = useCallback(
    async (work: () => Promise<unknown>) => {
      setError(null);
      try {
        await work();
        return true;
      } catch (thrown) {
        showError(thrown);
        return false;
      }
    },
    [showError],
  );

  // `fields` is compared by content so callers may pass a fresh array each render.
  const fieldKey = fields.join(',');
  return useMemo(() => {
    const shown = fieldKey.split(',');
    const wanted = !error ? null : error.kind === 'auth' ? error.view.display : error.kind === 'key' ? error.display : AuthErrorDisplay.BANNER;
    const display = wanted && wanted !== AuthErrorDisplay.BANNER && !shown.includes(wanted) ? AuthErrorDisplay.BANNER : wanted;
    const message = !error ? null : error.kind === 'auth' ? authErrorMessage(t, error.view) : error.kind === 'key' ? t(error.key) : error.text;
    return {
      banner: display === AuthErrorDisplay.BANNER ? message : null,
      code: error?.kind === 'auth' ? error.view.code : null,
      fieldError: (field: AuthErrorDisplay) => (display === field ? message : null),
      showError,
      showCode,
      showMessage,
      clear,
      attempt,
    };
  }, [error, t, showError, showCode, showMessage, clear, attempt, fieldKey]);
}
