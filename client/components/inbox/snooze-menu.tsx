// The snooze choices of spec §9: 1, 3, 5 days, 1 and 2 weeks, or a custom day and time (every 30
// minutes from 12:00 AM to 11:30 PM). Shared by notifications and intake.
import { AlarmClock } from 'lucide-react';
import { useState } from 'react';
import { useT, type MessageKey } from '../../i18n';
import { Button, DatePicker, Dialog, IconButton, Menu, Select } from '../../ui';

export const SNOOZE_PRESETS: ReadonlyArray<{ id: string; days: number; label: MessageKey }> = [
  { id: '1d', days: 1, label: 'inbox.snooze.1d' },
  { id: '3d', days: 3, label: 'inbox.snooze.3d' },
  { id: '5d', days: 5, label: 'inbox.snooze.5d' },
  { id: '1w', days: 7, label: 'inbox.snooze.1w' },
  { id: '2w', days: 14, label: 'inbox.snooze.2w' },
];

/** The instant `days` days from `now`, as ISO. */
export function snoozeUntil(days: number, now = new Date()): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}

/** The 48 time choices of a custom snooze: "00:00" … "23:30". */
export const SNOOZE_TIMES: readonly string[] = Array.from({ length: 48 }, (_, index) => `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`);

/** A custom snooze: a calendar day (YYYY-MM-DD) at a local time (HH:MM), as ISO. */
export function customSnooze(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(year, month - 1, date, hours, minutes).toISOString();
}

export function SnoozeMenu({ onSnooze, testId = 'snooze-menu', asButton = false }: { onSnooze: (till: string) => void; testId?: string; asButton?: boolean }) {
  const t = useT();
  const [custom, setCustom] = useState(false);
  const [day, setDay] = useState<string | null>(null);
  const [time, setTime] = useState('09:00');
  const trigger = asButton ? (
    <Button variant="secondary" size="sm" data-testid={testId}>
      <AlarmClock size={14} aria-hidden="true" /> {t('inbox.snooze.action')}
    </Button>
  ) : (
    <IconButton label={t('inbox.snooze.action')} icon={<AlarmClock size={16} />} data-testid={testId} />
  );
  return (
    <>
      <Menu
        label={t('inbox.snooze.action')}
        trigger={trigger}
        items={[
          ...SNOOZE_PRESETS.map((preset) => ({ id: `snooze-${preset.id}`, label: t(preset.label), onSelect: () => onSnooze(snoozeUntil(preset.days)) })),
          'separator' as const,
          { id: 'snooze-custom', label: t('inbox.snooze.custom'), onSelect: () => setCustom(true) },
        ]}
      />
      {custom && (
        <Dialog
          title={t('inbox.snooze.customTitle')}
          onClose={() => setCustom(false)}
          testId="snooze-custom-dialog"
          footer={
            <>
              <Button variant="ghost" onClick={() => setCustom(false)}>{t('common.cancel')}</Button>
              <Button
                disabled={!day || new Date(customSnooze(day, time)).getTime() <= Date.now()}
                onClick={() => {
                  if (!day) return;
                  onSnooze(customSnooze(day, time));
                  setCustom(false);
                }}
                data-testid="snooze-custom-apply"
              >
                {t('inbox.snooze.apply')}
              </Button>
            </>
          }
        >
          <div className="snooze-custom">
            <DatePicker label={t('inbox.snooze.day')} value={day} onChange={setDay} testId="snooze-custom-day" />
            <Select
              label={t('inbox.snooze.time')}
              value={time}
              options={SNOOZE_TIMES.map((value) => ({ value, label: value }))}
              onChange={setTime}
              testId="snooze-custom-time"
            />
          </div>
        </Dialog>
      )}
    </>
  );
}
