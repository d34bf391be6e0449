// `/{workspaceSlug}/settings/account/notifications`: the signed-in user's email notification
// preferences (reference §7.1: property change, state change, issue completed, comment, mention).
// Each switch saves at once and flips back if the save fails.
import { useState } from 'react';
import { http } from '../api/http';
import { useResource } from '../api/use-resource';
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
  const loaded = useResource(PATH, (signal) => http.get<Preferences>(PATH, undefined, signal));
  // What the switches show once one was flipped: the saved answer, or the flip while it saves.
  const [edited, setPrefs] = useState<Preferences | null>(null);
  const prefs = edited ?? loaded.data;

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
        {loaded.error ? (
          <EmptyState title={t('notificationPrefs.loadFailed')} action={<Button variant="secondary" onClick={loaded.reload}>{t('common.retry')}</Button>} />
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
