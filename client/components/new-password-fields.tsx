// The "new password + confirm" pair shared by the reset-password and set-password pages: state,
// the client-side checks (length, match) and the two fields.
import { useState } from 'react';
import { AuthErrorDisplay } from '../auth/auth-errors';
import type { FormErrorState } from '../auth/use-form-error';
import { useT } from '../i18n';
import { MIN_PASSWORD_LENGTH } from '../routes/sign-in-page';
import { PasswordField } from './field';

/** State of a new-password form; `isValid(errors)` shows the first problem and answers false. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const isValid = (errors: FormErrorState): boolean => {
    if (password.length < MIN_PASSWORD_LENGTH) {
      errors.showMessage('auth.password.tooShort', AuthErrorDisplay.PASSWORD);
      return false;
    }
    if (password !== confirm) {
      errors.showMessage('auth.password.mismatch', AuthErrorDisplay.PASSWORD);
      return false;
    }
    return true;
  };
  return { password, setPassword, confirm, setConfirm, isValid };
}

export function NewPasswordFields({ state, label, errors }: { state: ReturnType<typeof useNewPassword>; label: string; errors: FormErrorState }) {
  const t = useT();
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        autoFocus
        value={state.password}
        onChange={(event) => state.setPassword(event.target.value)}
        hint={t('auth.password.hint')}
        error={errors.fieldError(AuthErrorDisplay.PASSWORD)}
        data-testid="password-input"
      />
      <PasswordField
        label={t('auth.password.confirmLabel')}
        autoComplete="new-password"
        value={state.confirm}
        onChange={(event) => state.setConfirm(event.target.value)}
        data-testid="confirm-password-input"
      />
    </>
  );
}
