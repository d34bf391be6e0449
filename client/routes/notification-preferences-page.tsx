// `/{workspaceSlug}/settings/account/notifications`: the signed-in user's email notification
// preferences (reference §7.1: property change, state change, issue completed, comment, mention).
// Each switch saves at once and flips back if the save fails.
import { useEffect, useState } from 'react';
import { http } from '../api/http';
import { AppShell } from '../components/app-shell';
import { ToggleField } from '../components/field';
import { useT, type MessageKey } from '../i18n';
import { Button, EmptyState, SkeletonRows, toast } from '../ui';
import type { z } from 'zod';
import type { notificationPreferencesResponse } from '../../shared/schemas/user';

type Preferences = z.infer<typeof notificationPreferencesResponse>;
type PreferenceKey = 'property_change' | 'state_change' | 'issue_completed' | 'comment' | 'mention';

const PATH = '/api/users/me/notification-preferences/';
const KEYS: PreferenceKey[] = ['property_change', 'state_change', 'issue_completed', 'comment', 'mention'];

export function NotificationPreferencesPage({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [failed, setFailed] = useState(false);
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    setFailed(false);
    http.get<Preferences>(PATH).then(setPrefs, () => setFailed(true));
  }, [retry]);

  const toggle = (key: PreferenceKey, value: boolean) => {
    if (!prefs) return;
    const before = prefs;
    setPrefs({ ...prefs, [key]: value });
    http.patch<Preferences>(PATH, { [key]: value }).then(
      (saved) => setPrefs(saved),
      () => {
        setPrefs(before);
        toast.error(t('notificationPrefs.saveFailed'));
      },
    );
  };

  return (
    <AppShell workspaceSlug={workspaceSlug} title={t('notificationPrefs.title')}>
      <p className="page-lead">{t('notificationPrefs.lead')}</p>
      <section className="card" data-testid="notification-preferences">
        {failed ? (
          <EmptyState title={t('notificationPrefs.loadFailed')} action={<Button variant="secondary" onClick={() => setRetry((value) => value + 1)}>{t('common.retry')}</Button>} />
        ) : !prefs ? (
          <SkeletonRows rows={5} />
        ) : (
          KEYS.map((key) => (
            <ToggleField
              key={key}
              label={t(`notificationPrefs.${key}` as MessageKey)}
              hint={t(`notificationPrefs.${key}Hint` as MessageKey)}
              checked={prefs[key]}
              onChange={(value) => toggle(key, value)}
              testId={`pref-${key}`}
            />
          ))
        )}
      </section>
    </AppShell>
  );
}
