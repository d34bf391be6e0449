// `/profile`: names, interface language (profile `language`), theme (profile `theme.theme`) and password.
import { useState, type FormEvent } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { AuthErrorCode, AuthErrorDisplay } from '../auth/auth-errors';
import { useFormError } from '../auth/use-form-error';
import { Alert } from '../components/alert';
import { AppShell } from '../components/app-shell';
import { PasswordField, SelectField, TextField } from '../components/field';
import { SUPPORTED_LOCALES, useLocale, useT, type Locale } from '../i18n';
import { changePassword, setPassword, updateCurrentUser, updateProfile, useSessionStore } from '../stores/session-store';
import { themeSettingOf, ThemeSetting } from '../ui/theme';
import { chooseTheme } from '../ui/theme-sync';
import { MIN_PASSWORD_LENGTH } from './sign-in-page';
import { Button } from '../ui';

export function ProfilePage() {
  const t = useT();
  return (
    <AppShell title={t('profile.title')}>
      <div className="settings-stack">
        <PersonalSection />
        <LanguageSection />
        <ThemeSection />
        <PasswordSection />
      </div>
    </AppShell>
  );
}

function PersonalSection() {
  const t = useT();
  const user = useSessionStore((state) => state.user);
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const [displayName, setDisplayName] = useState(user?.display_name ?? '');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const errors = useFormError([AuthErrorDisplay.FIRST_NAME]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!firstName.trim()) return errors.showMessage('common.required', AuthErrorDisplay.FIRST_NAME);
    setBusy(true);
    setSaved(false);
    await errors.attempt(async () => {
      await updateCurrentUser({ first_name: firstName.trim(), last_name: lastName.trim(), display_name: displayName.trim() || undefined });
      setSaved(true);
    });
    setBusy(false);
  };

  return (
    <section className="card settings-card">
      <header className="settings-card-header">
        <h2 className="settings-card-title">{t('profile.personal')}</h2>
        <p className="muted">{t('profile.personalHint')}</p>
      </header>
      <form className="form" onSubmit={handleSubmit} noValidate>
        {errors.banner && <Alert>{errors.banner}</Alert>}
        {saved && <Alert tone="success" onDismiss={() => setSaved(false)}>{t('profile.saved')}</Alert>}
        <div className="form-grid">
          <TextField
            label={t('user.firstName')}
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            error={errors.fieldError(AuthErrorDisplay.FIRST_NAME)}
            data-testid="first-name-input"
          />
          <TextField label={t('user.lastName')} autoComplete="family-name" value={lastName} onChange={(event) => setLastName(event.target.value)} data-testid="last-name-input" />
        </div>
        <TextField label={t('user.displayName')} value={displayName} onChange={(event) => setDisplayName(event.target.value)} data-testid="display-name-input" />
        <TextField label={t('user.email')} value={user?.email ?? ''} readOnly disabled />
        <div className="form-actions">
          <Button type="submit" busy={busy} data-testid="save-profile-button">
            {busy ? t('common.saving') : t('common.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function LanguageSection() {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const errors = useFormError();

  const handleChange = async (language: Locale) => {
    setBusy(true);
    await errors.attempt(() => updateProfile({ language }));
    setBusy(false);
  };

  return (
    <section className="card settings-card">
      <header className="settings-card-header">
        <h2 className="settings-card-title">{t('profile.language')}</h2>
        <p className="muted">{t('profile.languageHint')}</p>
      </header>
      {errors.banner && <Alert>{errors.banner}</Alert>}
      <SelectField
        label={t('profile.language')}
        value={locale}
        disabled={busy}
        options={SUPPORTED_LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
        onChange={(value) => void handleChange(value as Locale)}
        testId="language-select"
      />
    </section>
  );
}

const THEME_ICONS = { [ThemeSetting.LIGHT]: Sun, [ThemeSetting.DARK]: Moon, [ThemeSetting.SYSTEM]: Monitor } as const;

/** Light, dark or system: painted at once and saved to the profile (theme-sync follows it). */
function ThemeSection() {
  const t = useT();
  const saved = themeSettingOf(useSessionStore((state) => state.profile?.theme));
  // The choice shows at once; the profile catches up when the server has it (or says why not).
  const [chosen, setChosen] = useState<ThemeSetting | null>(null);
  const current = chosen ?? saved;
  const errors = useFormError();
  const choose = (setting: ThemeSetting) => {
    errors.clear();
    setChosen(setting);
    chooseTheme(setting).then(() => setChosen(null), (error: unknown) => {
      setChosen(null);
      errors.showError(error);
    });
  };
  return (
    <section className="card settings-card">
      <header className="settings-card-header">
        <h2 className="settings-card-title" id="profile-theme-title">{t('profile.theme')}</h2>
        <p className="muted">{t('profile.themeHint')}</p>
      </header>
      {errors.banner && <Alert>{errors.banner}</Alert>}
      <div className="theme-options" role="radiogroup" aria-labelledby="profile-theme-title" data-testid="theme-select">
        {Object.values(ThemeSetting).map((setting) => {
          const Icon = THEME_ICONS[setting];
          return (
            <label key={setting} className={`theme-option${current === setting ? ' theme-option-on' : ''}`}>
              <input type="radio" name="profile-theme" value={setting} checked={current === setting} onChange={() => choose(setting)} data-testid={`theme-${setting}`} />
              <Icon size={16} aria-hidden="true" />
              <span>{t(`theme.${setting}`)}</span>
            </label>
          );
        })}
      </div>
    </section>
  );
}

function PasswordSection() {
  const t = useT();
  const isAutoset = useSessionStore((state) => state.user?.is_password_autoset ?? false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const errors = useFormError([AuthErrorDisplay.PASSWORD]);
  const isOldPasswordError = errors.code === AuthErrorCode.INCORRECT_OLD_PASSWORD || errors.code === AuthErrorCode.MISSING_PASSWORD;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (next.length < MIN_PASSWORD_LENGTH) return errors.showMessage('auth.password.tooShort', AuthErrorDisplay.PASSWORD);
    setBusy(true);
    setDone(null);
    await errors.attempt(async () => {
      if (isAutoset) {
        await setPassword(next);
        setDone(t('profile.password.setDone'));
      } else {
        await changePassword(current, next);
        setDone(t('profile.password.changed'));
      }
      setCurrent('');
      setNext('');
    });
    setBusy(false);
  };

  return (
    <section className="card settings-card">
      <header className="settings-card-header">
        <h2 className="settings-card-title">{isAutoset ? t('profile.password.setTitle') : t('profile.password.title')}</h2>
        {isAutoset && <p className="muted">{t('profile.password.setHint')}</p>}
      </header>
      <form className="form" onSubmit={handleSubmit} noValidate>
        {errors.banner && <Alert>{errors.banner}</Alert>}
        {done && <Alert tone="success" onDismiss={() => setDone(null)}>{done}</Alert>}
        {!isAutoset && (
          <PasswordField
            label={t('profile.password.current')}
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            error={isOldPasswordError ? errors.fieldError(AuthErrorDisplay.PASSWORD) : null}
            data-testid="current-password-input"
          />
        )}
        <PasswordField
          label={t('profile.password.new')}
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          hint={t('auth.password.hint')}
          error={isOldPasswordError ? null : errors.fieldError(AuthErrorDisplay.PASSWORD)}
          data-testid="new-password-input"
        />
        <div className="form-actions">
          <Button type="submit" busy={busy} data-testid="change-password-button">
            {isAutoset ? t('setPassword.submit') : t('profile.password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
