// The frame of signed-out pages: brand, a centred card with title and subtitle, footer links.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useT } from '../i18n';

export function AuthLayout({ title, subtitle, children, footer, wide = false }: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const t = useT();
  return (
    <div className="auth-page">
      <header className="auth-brand">
        <Link to="/" className="brand" aria-label={t('app.name')}>
          <span className="brand-mark" aria-hidden="true">T</span>
          <span className="brand-name">{t('app.name')}</span>
        </Link>
      </header>
      <main className={`auth-card${wide ? ' auth-card-wide' : ''}`}>
        <h1 className="auth-title">{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </main>
      {footer && <footer className="auth-footer">{footer}</footer>}
    </div>
  );
}
