// Top-bar notifications bell: a placeholder until the inbox exists. Clicking it only opens a small
// note saying notifications are not available yet; Escape or leaving the bell closes it.
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n';

export function NotificationsBell() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const label = t('notifications.bellLabel');
  return (
    <span
      className="prop-popover notifications-bell"
      onBlur={(event) => { if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false); }}
      onKeyDown={(event) => { if (event.key === 'Escape') setOpen(false); }}
    >
      <button type="button" className="icon-button" aria-label={label} title={label} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen((value) => !value)} data-testid="notifications-bell">
        <Bell size={18} aria-hidden="true" />
      </button>
      {open && (
        <div className="menu notifications-popover" role="dialog" aria-label={label} data-testid="notifications-popover">
          <p className="muted">{t('notifications.unavailable')}</p>
        </div>
      )}
    </span>
  );
}
