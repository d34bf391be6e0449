// `/` and `/sign-up`: email → password or unique code, in sign-in or sign-up mode as decided by
// `POST /auth/email-check/` (reference §1.4 client flow). Also shows `error_code` from the URL.
import { useEffect, useReducer, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AuthErrorDisplay, parseErrorCodeParam } from '../auth/auth-errors';
import { AuthMode, AuthStep, authSubmitPath, createAuthFlow, reduceAuthFlow } from '../auth/auth-flow';
import { useFormError } from '../auth/use-form-error';
import { Alert } from '../components/alert';
import { AuthLayout } from '../components/auth-layout';
import { PasswordField, TextField } from '../components/field';
import { useT } from '../i18n';
import { useInstanceStore } from '../stores/instance-store';
import { authenticate, checkEmail, generateMagicCode } from '../stores/session-store';
import { loadPostAuthSnapshot } from './guard';
import { getPostAuthPath } from './page-kinds';
import { Button } from '../ui';

interface SignInSearch {
  next_path?: string;
  error_code?: string;
  email?: string;
  success?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_PATTERN = /^\d{6}$/;
export const MIN_PASSWORD_LENGTH = 8;

export function SignInPage({ search, initialMode }: { search: SignInSearch; initialMode: AuthMode }) {
  const t = useT();
  const navigate = useNavigate();
  const config = useInstanceStore((state) => state.config);
  const [flow, dispatch] = useReducer(reduceAuthFlow, undefined, () => createAuthFlow(initialMode, search.email ?? ''));
  const [email, setEmail] = useState(search.email ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(search.success ? t('auth.resetDone') : null);
  const visibleFields =
    flow.step === AuthStep.EMAIL ? [AuthErrorDisplay.EMAIL] : flow.step === AuthStep.PASSWORD ? [AuthErrorDisplay.PASSWORD] : [AuthErrorDisplay.CODE];
  const errors = useFormError(visibleFields);

  const urlErrorCode = parseErrorCodeParam(search.error_code);
  const { showCode } = errors;
  useEffect(() => {
    // Only when the URL's code changes (showCode is stable), not on every render.
    if (urlErrorCode !== null) showCode(urlErrorCode);
  }, [urlErrorCode, showCode]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    await errors.attempt(action);
    setBusy(false);
  };

  const finishSignIn = async (serverNextPath?: string | null) => {
    const snapshot = await loadPostAuthSnapshot();
    const destination = getPostAuthPath(snapshot, search.next_path ?? serverNextPath);
    if (snapshot.user?.is_password_autoset && flow.step === AuthStep.UNIQUE_CODE) {
      // Magic-code users without a password are offered one (SET_PASSWORD page kind).
      await navigate({ href: `/accounts/set-password?next_path=${encodeURIComponent(destination)}` });
      return;
    }
    await navigate({ href: destination });
  };

  const handleEmailSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return errors.showMessage('authError.EMAIL_REQUIRED', AuthErrorDisplay.EMAIL);
    if (!EMAIL_PATTERN.test(value)) return errors.showMessage('common.invalidEmail', AuthErrorDisplay.EMAIL);
    void run(async () => {
      const result = await checkEmail(value);
      if (result.status === 'MAGIC_CODE') await generateMagicCode(value);
      setPassword('');
      setCode('');
      dispatch({ type: 'EMAIL_CHECKED', email: value, result });
    });
  };

  const handlePasswordSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return errors.showMessage('authError.REQUIRED_EMAIL_PASSWORD_SIGN_IN', AuthErrorDisplay.PASSWORD);
    if (flow.mode === AuthMode.SIGN_UP) {
      if (password.length < MIN_PASSWORD_LENGTH) return errors.showMessage('auth.password.tooShort', AuthErrorDisplay.PASSWORD);
      if (password !== confirmPassword) return errors.showMessage('auth.password.mismatch', AuthErrorDisplay.PASSWORD);
    }
    void run(async () => {
      const answer = await authenticate(authSubmitPath(flow)!, { email: flow.email, password, next_path: search.next_path });
      await finishSignIn(answer.next_path);
    });
  };

  const handleCodeSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!CODE_PATTERN.test(value)) return errors.showMessage('auth.code.invalidFormat', AuthErrorDisplay.CODE);
    void run(async () => {
      const answer = await authenticate(authSubmitPath(flow)!, { email: flow.email, code: value, next_path: search.next_path });
      await finishSignIn(answer.next_path);
    });
  };

  const handleResend = () =>
    void run(async () => {
      await generateMagicCode(flow.email);
      setNotice(t('auth.code.resent'));
    });

  const handleUseCode = () =>
    void run(async () => {
      await generateMagicCode(flow.email);
      setCode('');
      dispatch({ type: 'CODE_REQUESTED' });
    });

  const handleChangeEmail = () => {
    errors.clear();
    setNotice(null);
    dispatch({ type: 'EMAIL_RESET' });
  };

  const canUseCode = flow.mode === AuthMode.SIGN_IN && config?.is_magic_login_enabled !== false && config?.is_smtp_configured !== false;
  const canUsePassword = flow.mode === AuthMode.SIGN_UP && config?.is_email_password_enabled !== false;
  const isSignUp = flow.mode === AuthMode.SIGN_UP;

  const title =
    flow.step === AuthStep.EMAIL
      ? t(initialMode === AuthMode.SIGN_UP ? 'auth.signUp.title' : 'auth.signIn.title')
      : flow.step === AuthStep.PASSWORD
        ? t(isSignUp ? 'auth.password.titleSignUp' : 'auth.password.titleSignIn')
        : t('auth.code.title');
  const subtitle =
    flow.step === AuthStep.EMAIL
      ? t(initialMode === AuthMode.SIGN_UP ? 'auth.signUp.subtitle' : 'auth.signIn.subtitle')
      : flow.step === AuthStep.UNIQUE_CODE
        ? t('auth.code.sentTo', { email: flow.email })
        : null;

  const footer =
    initialMode === AuthMode.SIGN_UP ? (
      <p>
        {t('auth.haveAccount')} <Link to="/" search={search.next_path ? { next_path: search.next_path } : {}}>{t('auth.goToSignIn')}</Link>
      </p>
    ) : (
      <p>
        {t('auth.noAccount')} <Link to="/sign-up" search={search.next_path ? { next_path: search.next_path } : {}}>{t('auth.createAccount')}</Link>
      </p>
    );

  return (
    <AuthLayout title={title} subtitle={subtitle} footer={flow.step === AuthStep.EMAIL ? footer : undefined}>
      {errors.banner && <Alert testId="auth-error-banner">{errors.banner}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}

      {flow.step === AuthStep.EMAIL && (
        <form className="form" onSubmit={handleEmailSubmit} noValidate data-testid="email-form">
          <TextField
            label={t('auth.email.label')}
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            placeholder={t('auth.email.placeholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.fieldError(AuthErrorDisplay.EMAIL)}
            data-testid="email-input"
          />
          <Button type="submit" block busy={busy} data-testid="continue-button">
            {t('common.continue')}
          </Button>
        </form>
      )}

      {flow.step !== AuthStep.EMAIL && (
        <div className="auth-identity">
          <span className="auth-identity-email" data-testid="auth-email">{flow.email}</span>
          <button type="button" className="link-button" onClick={handleChangeEmail} data-testid="change-email-button">
            {t('auth.changeEmail')}
          </button>
        </div>
      )}

      {flow.step === AuthStep.PASSWORD && (
        <form className="form" onSubmit={handlePasswordSubmit} noValidate data-testid="password-form">
          <input type="email" name="email" value={flow.email} autoComplete="username" readOnly hidden />
          <PasswordField
            label={t('auth.password.label')}
            name="password"
            autoComplete={isSignUp ? 'new-password' : 'current-password'}
            autoFocus
            placeholder={t('auth.password.placeholder')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            hint={isSignUp ? t('auth.password.hint') : undefined}
            error={errors.fieldError(AuthErrorDisplay.PASSWORD)}
            data-testid="password-input"
          />
          {isSignUp && (
            <PasswordField
              label={t('auth.password.confirmLabel')}
              name="confirm_password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
              data-testid="confirm-password-input"
            />
          )}
          {!isSignUp && (
            <div className="form-row-end">
              <Link to="/accounts/forgot-password" search={{ email: flow.email }} className="link" data-testid="forgot-password-link">
                {t('auth.forgotPassword')}
              </Link>
            </div>
          )}
          <Button type="submit" block busy={busy} data-testid="continue-button">
            {isSignUp ? t('auth.signUpButton') : t('auth.signInButton')}
          </Button>
          {canUseCode && (
            <button type="button" className="link-button centered" onClick={handleUseCode} disabled={busy} data-testid="use-code-button">
              {t('auth.useCode')}
            </button>
          )}
        </form>
      )}

      {flow.step === AuthStep.UNIQUE_CODE && (
        <form className="form" onSubmit={handleCodeSubmit} noValidate data-testid="code-form">
          <TextField
            label={t('auth.code.label')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            placeholder={t('auth.code.placeholder')}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            error={errors.fieldError(AuthErrorDisplay.CODE)}
            className="input-code"
            data-testid="code-input"
          />
          <div className="form-row-end">
            <button type="button" className="link-button" onClick={handleResend} disabled={busy} data-testid="resend-code-button">
              {t('auth.code.resend')}
            </button>
          </div>
          <Button type="submit" block busy={busy} data-testid="continue-button">
            {isSignUp ? t('auth.signUpButton') : t('auth.signInButton')}
          </Button>
          {canUsePassword && (
            <button
              type="button"
              className="link-button centered"
              onClick={() => dispatch({ type: 'PASSWORD_REQUESTED' })}
              disabled={busy}
              data-testid="use-password-button"
            >
              {t('auth.usePassword')}
            </button>
          )}
        </form>
      )}
    </AuthLayout>
  );
}
