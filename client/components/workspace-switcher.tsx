// The sidebar's workspace menu: shows the current workspace, lists mine, links to creation.
import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { Workspace } from '../api/types';
import { useT } from '../i18n';
import { useWorkspaces } from '../stores/workspace-store';

/**
 * The logo when it is an image address (http(s), this server's own path, or an inline image),
 * else the name's initial. Anything else set through the API (a bare word) is not an image.
 */
export function WorkspaceAvatar({ workspace, size = 'md' }: { workspace: Pick<Workspace, 'name'> & Partial<Pick<Workspace, 'logo_url'>>; size?: 'md' | 'lg' }) {
  const logo = workspace.logo_url;
  if (logo && /^(https?:\/\/|\/[^/]|data:image\/)/i.test(logo)) {
    return <img className={`ws-avatar ws-avatar-${size} ws-avatar-image`} src={logo} alt="" data-testid="workspace-logo" />;
  }
  return (
    <span className={`ws-avatar ws-avatar-${size}`} aria-hidden="true">
      {workspace.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

export function WorkspaceSwitcher({ current }: { current: Workspace | undefined }) {
  const t = useT();
  const workspaces = useWorkspaces();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('a')?.focus();
    const handlePointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('a') ?? [])];
        const index = items.indexOf(document.activeElement as HTMLElement);
        const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
        items[(next + items.length) % items.length]?.focus();
        event.preventDefault();
      }
    };
    document.addEventListener('mousedown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('mousedown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open]);

  return (
    <div className="ws-switcher" ref={rootRef}>
      <button
        type="button"
        className="ws-switcher-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('workspace.switcher.label')}
        onClick={() => setOpen((value) => !value)}
        data-testid="workspace-switcher"
      >
        {current && <WorkspaceAvatar workspace={current} />}
        <span className="ws-switcher-name">{current?.name ?? t('workspace.switcher.label')}</span>
        <ChevronDown className="ws-switcher-caret" size={14} aria-hidden="true" />
      </button>
      {open && (
        <ul className="menu" role="menu" ref={menuRef}>
          {workspaces.map((workspace) => (
            <li key={workspace.id} role="none">
              <Link
                to="/$workspaceSlug"
                params={{ workspaceSlug: workspace.slug }}
                role="menuitem"
                className={`menu-item${workspace.slug === current?.slug ? ' menu-item-active' : ''}`}
                aria-current={workspace.slug === current?.slug ? 'true' : undefined}
                onClick={() => setOpen(false)}
                data-testid={`workspace-option-${workspace.slug}`}
              >
                <WorkspaceAvatar workspace={workspace} />
                <span className="menu-item-text">{workspace.name}</span>
                {workspace.slug === current?.slug && <Check className="menu-item-check" size={14} aria-hidden="true" />}
              </Link>
            </li>
          ))}
          <li role="separator" className="menu-separator" />
          <li role="none">
            <Link to="/create-workspace" role="menuitem" className="menu-item" onClick={() => setOpen(false)} data-testid="create-workspace-link">
              <span className="ws-avatar ws-avatar-add" aria-hidden="true">+</span>
              <span className="menu-item-text">{t('workspace.switcher.create')}</span>
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
