// Password pages: forgot (request a link), reset (from the emailed link) and set (for users whose
// password was auto-set by a magic-code sign-up; page kind SET_PASSWORD).
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AuthErrorDisplay, parseErrorCodeParam } from '../auth/auth-errors';
import { useFormError } from '../auth/use-form-error';
import { Alert } from '../components/alert';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordFields, useNewPassword } from '../components/new-password-fields';
import { TextField } from '../components/field';
import { useT } from '../i18n';
import { requestPasswordReset, resetPassword, setPassword } from '../stores/session-store';
import { getPostAuthPath, sanitizeNextPath } from './page-kinds';
import { loadPostAuthSnapshot } from './guard';
import { Button } from '../ui';

export function ForgotPasswordPage({ search }: { search: { email?: string } }) {
  const t = useT();
  const [email, setEmail] = useState(search.email ?? '');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const errors = useFormError([AuthErrorDisplay.EMAIL]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return errors.showMessage('authError.EMAIL_REQUIRED', AuthErrorDisplay.EMAIL);
    setBusy(true);
    await errors.attempt(async () => {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    });
    setBusy(false);
  };

  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={<Link to="/">{t('forgot.backToSignIn')}</Link>}
    >
      {errors.banner && <Alert testId="auth-error-banner">{errors.banner}</Alert>}
      {sentTo ? (
        <Alert tone="success" testId="forgot-sent">{t('forgot.sent', { email: sentTo })}</Alert>
      ) : (
        <form className="form" onSubmit={handleSubmit} noValidate>
          <TextField
            label={t('auth.email.label')}
            type="email"
            autoComplete="email"
            autoFocus
            placeholder={t('auth.email.placeholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.fieldError(AuthErrorDisplay.EMAIL)}
            data-testid="email-input"
          />
          <Button type="submit" block busy={busy} data-testid="continue-button">
            {t('forgot.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}

interface ResetPasswordSearch {
  uidb64?: string;
  token?: string;
  email?: string;
  error_code?: string;
}

export function ResetPasswordPage({ search }: { search: ResetPasswordSearch }) {
  const t = useT();
  const navigate = useNavigate();
  const newPassword = useNewPassword();
  const [busy, setBusy] = useState(false);
  const errors = useFormError([AuthErrorDisplay.PASSWORD]);
  const isLinkComplete = !!search.uidb64 && !!search.token;
  const urlErrorCode = parseErrorCodeParam(search.error_code);

  const { showCode } = errors;
  useEffect(() => {
    if (urlErrorCode !== null) showCode(urlErrorCode);
  }, [urlErrorCode, showCode]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword.isValid(errors)) return;
    setBusy(true);
    await errors.attempt(async () => {
      await resetPassword(search.uidb64!, search.token!, newPassword.password);
      await navigate({ to: '/', search: { success: 'true', ...(search.email ? { email: search.email } : {}) } });
    });
    setBusy(false);
  };

  return (
    <AuthLayout
      title={t('reset.title')}
      subtitle={search.email ? t('reset.subtitle', { email: search.email }) : t('reset.subtitleNoEmail')}
      footer={<Link to="/accounts/forgot-password" search={search.email ? { email: search.email } : {}}>{t('reset.requestNew')}</Link>}
    >
      {errors.banner && <Alert testId="auth-error-banner">{errors.banner}</Alert>}
      {!isLinkComplete ? (
        <Alert testId="reset-invalid-link">{t('reset.invalidLink')}</Alert>
      ) : (
        <form className="form" onSubmit={handleSubmit} noValidate>
          <input type="email" name="email" value={search.email ?? ''} autoComplete="username" readOnly hidden />
          <NewPasswordFields state={newPassword} label={t('profile.password.new')} errors={errors} />
          <Button type="submit" block busy={busy} data-testid="continue-button">
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}

export function SetPasswordPage({ search }: { search: { next_path?: string } }) {
  const t = useT();
  const navigate = useNavigate();
  const newPassword = useNewPassword();
  const [busy, setBusy] = useState(false);
  const errors = useFormError([AuthErrorDisplay.PASSWORD]);

  const goOn = async () => {
    const next = sanitizeNextPath(search.next_path);
    await navigate({ href: next ?? getPostAuthPath(await loadPostAuthSnapshot()) });
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword.isValid(errors)) return;
    setBusy(true);
    await errors.attempt(async () => {
      await setPassword(newPassword.password);
      await goOn();
    });
    setBusy(false);
  };

  return (
    <AuthLayout title={t('setPassword.title')} subtitle={t('setPassword.subtitle')}>
      {errors.banner && <Alert testId="auth-error-banner">{errors.banner}</Alert>}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <NewPasswordFields state={newPassword} label={t('auth.password.label')} errors={errors} />
        <Button type="submit" block busy={busy} data-testid="continue-button">
          {t('setPassword.submit')}
        </Button>
        <Button variant="ghost" block disabled={busy} onClick={() => void goOn()} data-testid="skip-button">
          {t('setPassword.skip')}
        </Button>
      </form>
    </AuthLayout>
  );
}
