// Complete-and-transfer (reference §2.3): unfinished issues move to a cycle that is not completed;
// the cycle left behind keeps a progress snapshot.
import { useState } from 'react';
import { CycleStatus } from '../../../shared/cycle';
import type { Cycle } from '../../api/types';
import { useT } from '../../i18n';
import { ApiError, readErrorText } from '../../api/http';
import { transferCycleIssues, useProjectCycles } from '../../stores/cycle-store';
import { Button, Dialog, toast } from '../../ui';
import { SelectField } from '../field';

export function TransferDialog({ slug, cycle, onClose }: { slug: string; cycle: Cycle; onClose: () => void }) {
  const t = useT();
  const targets = useProjectCycles(cycle.project_id).filter((row) => row.id !== cycle.id && !row.archived_at && row.status !== CycleStatus.COMPLETED);
  const [target, setTarget] = useState(targets[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const chosen = targets.find((row) => row.id === target);
    if (!chosen) return;
    setBusy(true);
    try {
      await transferCycleIssues(slug, cycle, chosen.id);
      toast.success(t('cycles.transfer.done', { name: chosen.name }));
      onClose();
    } catch (failure) {
      setError((failure instanceof ApiError && readErrorText(failure.body)) || t('common.errorGeneric'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('cycles.transfer.title')}
      description={t('cycles.transfer.body')}
      onClose={onClose}
      testId="cycle-transfer"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>{t('common.cancel')}</Button>
          <Button busy={busy} disabled={!target} onClick={() => void submit()} data-testid="cycle-transfer-submit">{t('cycles.transfer.submit')}</Button>
        </>
      }
    >
      <p>{t('cycles.transfer.body')}</p>
      {targets.length === 0 ? (
        <p className="muted">{t('cycles.transfer.noTarget')}</p>
      ) : (
        <SelectField label={t('cycles.transfer.target')} value={target} onChange={(event) => setTarget(event.target.value)} data-testid="cycle-transfer-target">
          {targets.map((row) => <option key={row.id} value={row.id}>{row.name}</option>)}
        </SelectField>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
    </Dialog>
  );
}
