// Create or edit a cycle: title, description and the two dates (DatePicker). Both dates or none
// (a draft), start not after end, and the server's date check for overlaps before saving.
import { useState } from 'react';
import { Dialog, Button, DatePicker } from '../../ui';
import { TextField } from '../field';
import { useT } from '../../i18n';
import { ApiError, readErrorText } from '../../api/http';
import type { Cycle } from '../../api/types';
import { checkCycleDates, createCycle, updateCycle } from '../../stores/cycle-store';

const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);

export function CycleModal({ slug, projectId, cycle, onClose, onSaved }: {
  slug: string;
  projectId: string;
  cycle?: Cycle;
  onClose: () => void;
  onSaved?: (cycle: Cycle | undefined) => void;
}) {
  const t = useT();
  const [name, setName] = useState(cycle?.name ?? '');
  const [description, setDescription] = useState(cycle?.description ?? '');
  const [start, setStart] = useState<string | null>(day(cycle?.start_date));
  const [end, setEnd] = useState<string | null>(day(cycle?.end_date));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setError(null);
    if (!name.trim()) return setError(t('cycles.form.nameRequired'));
    if (Boolean(start) !== Boolean(end)) return setError(t('cycles.form.bothDates'));
    if (start && end && start > end) return setError(t('cycles.form.order'));
    setBusy(true);
    try {
      if (start && end && !(await checkCycleDates(slug, projectId, start, end, cycle?.id))) {
        setError(t('cycles.form.overlap'));
        return;
      }
      const input = { name: name.trim(), description, start_date: start, end_date: end };
      if (cycle) {
        await updateCycle(slug, cycle, input);
        onSaved?.(undefined);
      } else {
        // Created first: `onSaved?.(…)` would skip evaluating its argument when there is no callback.
        const created = await createCycle(slug, projectId, input);
        onSaved?.(created);
      }
      onClose();
    } catch (failure) {
      setError((failure instanceof ApiError && readErrorText(failure.body)) || t('cycles.toast.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={cycle ? t('cycles.form.editTitle') : t('cycles.form.createTitle')}
      onClose={onClose}
      testId="cycle-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>{t('common.cancel')}</Button>
          <Button busy={busy} onClick={() => void save()} data-testid="cycle-save">{cycle ? t('cycles.form.save') : t('cycles.form.create')}</Button>
        </>
      }
    >
      <form className="stack" onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <TextField label={t('cycles.form.name')} value={name} maxLength={255} onChange={(event) => setName(event.target.value)} data-testid="cycle-name" />
        <TextField label={t('cycles.form.description')} value={description} optional onChange={(event) => setDescription(event.target.value)} data-testid="cycle-description" />
        <div className="cycle-dates">
          <DatePicker label={t('cycles.form.start')} value={start} onChange={setStart} testId="cycle-start" />
          <DatePicker label={t('cycles.form.end')} value={end} onChange={setEnd} testId="cycle-end" />
        </div>
        {error && <p className="field-error" role="alert" data-testid="cycle-form-error">{error}</p>}
      </form>
    </Dialog>
  );
}
