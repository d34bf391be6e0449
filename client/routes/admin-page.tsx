// `/admin`: first-run instance set-up (first admin), admin sign-in, then instance settings
// (sign-in methods, workspace creation, SMTP) via /api/instances/configurations/.
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useResource } from '../api/use-resource';
import { AuthErrorDisplay } from '../auth/auth-errors';
import { useFormError } from '../auth/use-form-error';
import { Alert } from '../components/alert';
import { AuthLayout } from '../components/auth-layout';
import { PageLoader, Spinner } from '../components/feedback';
import { PasswordField, TextField, ToggleField } from '../components/field';
import { useT } from '../i18n';
import {
  fetchInstanceConfiguration,
  InstanceConfigKey,
  signInInstanceAdmin,
  signOutInstanceAdmin,
  signUpInstanceAdmin,
  updateInstanceConfiguration,
  useInstanceStore,
  type InstanceConfigValues,
} from '../stores/instance-store';
import { Button } from '../ui';

export function AdminPage() {
  const status = useInstanceStore((state) => state.status);
  const isSetupDone = useInstanceStore((state) => state.isSetupDone);
  const adminStatus = useInstanceStore((state) => state.adminStatus);
  const admin = useInstanceStore((state) => state.admin);

  if (status !== 'ready' && status !== 'error') return <PageLoader />;
  if (!isSetupDone) return <SetupForm />;
  if (adminStatus === 'idle' || (adminStatus === 'loading' && !admin)) return <PageLoader />;
  return admin ? <AdminSettings /> : <AdminSignIn />;
}

function SetupForm() {
  const t = useT();
  const [values, setValues] = useState({ first_name: '', last_name: '', email: '', password: '', company_name: '' });
  const [busy, setBusy] = useState(false);
  const errors = useFormError([AuthErrorDisplay.FIRST_NAME, AuthErrorDisplay.EMAIL, AuthErrorDisplay.PASSWORD]);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.first_name.trim() || !values.email.trim() || !values.password) {
      return errors.showMessage('authError.REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME');
    }
    setBusy(true);
    await errors.attempt(async () => {
      await signUpInstanceAdmin({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        password: values.password,
        company_name: values.company_name.trim(),
      });
    });
    setBusy(false);
  };

  return (
    <AuthLayout title={t('admin.setup.title')} subtitle={t('admin.setup.subtitle')} wide>
      {errors.banner && <Alert testId="auth-error-banner">{errors.banner}</Alert>}
      <form className="form" onSubmit={handleSubmit} noValidate data-testid="admin-setup-form">
        <div className="form-grid">
          <TextField
            label={t('user.firstName')}
            autoComplete="given-name"
            autoFocus
            value={values.first_name}
            onChange={set('first_name')}
            error={errors.fieldError(AuthErrorDisplay.FIRST_NAME)}
            data-testid="first-name-input"
          />
          <TextField label={t('user.lastName')} autoComplete="family-name" optional value={values.last_name} onChange={set('last_name')} data-testid="last-name-input" />
        </div>
        <TextField
          label={t('auth.email.label')}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.fieldError(AuthErrorDisplay.EMAIL)}
          data-testid="email-input"
        />
        <TextField label={t('admin.setup.companyName')} optional autoComplete="organization" value={values.company_name} onChange={set('company_name')} data-testid="company-name-input" />
        <PasswordField
          label={t('auth.password.label')}
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          hint={t('auth.password.hint')}
          error={errors.fieldError(AuthErrorDisplay.PASSWORD)}
          data-testid="password-input"
        />
        <Button type="submit" block busy={busy} data-testid="continue-button">
          {t('admin.setup.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}

function AdminSignIn() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useFormError([AuthErrorDisplay.EMAIL, AuthErrorDisplay.PASSWORD]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return errors.showMessage('authError.REQUIRED_ADMIN_EMAIL_PASSWORD');
    setBusy(true);
    await errors.attempt(() => signInInstanceAdmin(email.trim(), password));
    setBusy(false);
  };

  return (
    <AuthLayout title={t('admin.signIn.title')} subtitle={t('admin.signIn.subtitle')} footer={<Link to="/">{t('admin.openApp')}</Link>}>
      {errors.banner && <Alert testId="auth-error-banner">{errors.banner}</Alert>}
      <form className="form" onSubmit={handleSubmit} noValidate data-testid="admin-sign-in-form">
        <TextField
          label={t('auth.email.label')}
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.fieldError(AuthErrorDisplay.EMAIL)}
          data-testid="email-input"
        />
        <PasswordField
          label={t('auth.password.label')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.fieldError(AuthErrorDisplay.PASSWORD)}
          data-testid="password-input"
        />
        <Button type="submit" block busy={busy} data-testid="continue-button">
          {t('admin.signIn.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}

const K = InstanceConfigKey;
const isOn = (value: string | undefined) => value === '1' || value?.toLowerCase() === 'true';
const flag = (on: boolean) => (on ? '1' : '0');

function AdminSettings() {
  const t = useT();
  const admin = useInstanceStore((state) => state.admin);
  const status = useInstanceStore((state) => state.configurationStatus);
  const [values, setValues] = useState<InstanceConfigValues | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const errors = useFormError();

  // The form edits its own copy of the configuration, seeded by this read.
  useResource('instance-configuration', () => fetchInstanceConfiguration().then(setValues, errors.showError));

  const set = (key: InstanceConfigKey, value: string) => {
    setSaved(false);
    setValues((current) => ({ ...current, [key]: value }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    setBusy(true);
    await errors.attempt(async () => {
      await updateInstanceConfiguration(values);
      setSaved(true);
    });
    setBusy(false);
  };

  const handleSignOut = async () => {
    try {
      await signOutInstanceAdmin();
    } catch (error) {
      errors.showError(error);
    }
  };

  return (
    <div className="admin">
      <header className="admin-topbar">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">T</span>
          <span className="brand-name">{t('nav.admin')}</span>
        </span>
        <span className="admin-topbar-actions">
          <span className="muted">{admin?.email}</span>
          <Link to="/" className="btn btn-secondary btn-sm">{t('admin.openApp')}</Link>
          <Button variant="ghost" size="sm" onClick={() => void handleSignOut()} data-testid="admin-sign-out-button">
            {t('admin.signOut')}
          </Button>
        </span>
      </header>
      <main className="admin-content">
        <h1 className="page-title">{t('admin.settings.title')}</h1>
        <p className="page-lead">{t('admin.settings.subtitle')}</p>
        {errors.banner && <Alert onDismiss={errors.clear}>{errors.banner}</Alert>}
        {saved && <Alert tone="success" onDismiss={() => setSaved(false)}>{t('admin.saved')}</Alert>}
        {!values ? (
          status === 'error' ? null : <Spinner />
        ) : (
          <form className="settings-stack" onSubmit={handleSubmit} noValidate data-testid="admin-settings-form">
            <section className="card settings-card">
              <h2 className="settings-card-title">{t('admin.section.auth')}</h2>
              <ToggleField label={t('admin.enableSignup')} hint={t('admin.enableSignupHint')} checked={isOn(values[K.ENABLE_SIGNUP])} onChange={(on) => set(K.ENABLE_SIGNUP, flag(on))} testId="toggle-enable-signup" />
              <ToggleField label={t('admin.enablePassword')} hint={t('admin.enablePasswordHint')} checked={isOn(values[K.ENABLE_EMAIL_PASSWORD])} onChange={(on) => set(K.ENABLE_EMAIL_PASSWORD, flag(on))} testId="toggle-password-login" />
              <ToggleField label={t('admin.enableMagic')} hint={t('admin.enableMagicHint')} checked={isOn(values[K.ENABLE_MAGIC_LINK_LOGIN])} onChange={(on) => set(K.ENABLE_MAGIC_LINK_LOGIN, flag(on))} testId="toggle-magic-login" />
            </section>
            <section className="card settings-card">
              <h2 className="settings-card-title">{t('admin.section.workspaces')}</h2>
              <ToggleField
                label={t('admin.allowWorkspaceCreation')}
                hint={t('admin.allowWorkspaceCreationHint')}
                checked={!isOn(values[K.DISABLE_WORKSPACE_CREATION])}
                onChange={(on) => set(K.DISABLE_WORKSPACE_CREATION, flag(!on))}
                testId="toggle-workspace-creation"
              />
            </section>
            <section className="card settings-card">
              <h2 className="settings-card-title">{t('admin.section.smtp')}</h2>
              <p className="muted">{t('admin.section.smtpHint')}</p>
              <div className="form-grid">
                <TextField label={t('admin.smtp.host')} value={values[K.EMAIL_HOST] ?? ''} onChange={(event) => set(K.EMAIL_HOST, event.target.value)} data-testid="smtp-host-input" />
                <TextField label={t('admin.smtp.port')} inputMode="numeric" value={values[K.EMAIL_PORT] ?? ''} onChange={(event) => set(K.EMAIL_PORT, event.target.value.replace(/\D/g, ''))} data-testid="smtp-port-input" />
                <TextField label={t('admin.smtp.user')} autoComplete="off" value={values[K.EMAIL_HOST_USER] ?? ''} onChange={(event) => set(K.EMAIL_HOST_USER, event.target.value)} data-testid="smtp-user-input" />
                <PasswordField label={t('admin.smtp.password')} autoComplete="new-password" value={values[K.EMAIL_HOST_PASSWORD] ?? ''} onChange={(event) => set(K.EMAIL_HOST_PASSWORD, event.target.value)} data-testid="smtp-password-input" />
              </div>
              <TextField label={t('admin.smtp.from')} type="email" value={values[K.EMAIL_FROM] ?? ''} onChange={(event) => set(K.EMAIL_FROM, event.target.value)} data-testid="smtp-from-input" />
              <ToggleField label={t('admin.smtp.useTls')} checked={isOn(values[K.EMAIL_USE_TLS])} onChange={(on) => set(K.EMAIL_USE_TLS, flag(on))} testId="toggle-smtp-tls" />
            </section>
            <div className="form-actions">
              <Button type="submit" busy={busy} data-testid="save-settings-button">
                {busy ? t('common.saving') : t('admin.save')}
              </Button>
            </div>
          </form>
        )}
      </main>
    </div>
  );
}
