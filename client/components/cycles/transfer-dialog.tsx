// Complete-and-transfer (reference §2.3): unfinished issues move to a cycle that is not completed;
// the cycle left behind keeps a progress snapshot. From the current cycle this completes it (the
// server ends it at the transfer); from a cycle that already ended it is only the transfer.
import { useState } from 'react';
import { CycleStatus } from '../../../shared/cycle';
import type { Cycle } from '../../api/types';
import { useT } from '../../i18n';
import { ApiError, readErrorText } from '../../api/http';
import { transferCycleIssues, useProjectCycles } from '../../stores/cycle-store';
import { isDiscarded } from '../../outbox/work-outbox';
import { Button, Dialog, toast } from '../../ui';
import { SelectField } from '../field';

export function TransferDialog({ slug, cycle, onClose }: { slug: string; cycle: Cycle; onClose: () => void }) {
  const t = useT();
  const targets = useProjectCycles(cycle.project_id).filter((row) => row.id !== cycle.id && !row.archived_at && row.status !== CycleStatus.COMPLETED);
  const [picked, setPicked] = useState<string | null>(null);
  // The first open cycle until one is picked (the list may arrive after the dialog opens).
  const target = picked ?? targets[0]?.id ?? '';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Fixed when the dialog opens: the cycle's own live update turns it completed before the dialog closes.
  const [completing] = useState(cycle.status === CycleStatus.CURRENT);
  const submit = async () => {
    const chosen = targets.find((row) => row.id === target);
    if (!chosen) return;
    setBusy(true);
    try {
      // Out of reach, the transfer waits in the outbox (its issues shown moved, pending).
      if (!(await transferCycleIssues(slug, cycle, chosen.id))) toast.info(t('cycles.transfer.queued', { name: chosen.name }));
      else toast.success(completing ? t('cycles.completeDialog.done', { cycle: cycle.name, name: chosen.name }) : t('cycles.transfer.done', { name: chosen.name }));
      onClose();
    } catch (failure) {
      // Discarded from "changes not saved" before its first answer: nothing to say here.
      if (isDiscarded(failure)) return onClose();
      setError((failure instanceof ApiError && readErrorText(failure.body)) || t('common.errorGeneric'));
    } finally {
      setBusy(false);
    }
  };
  const body = completing ? t('cycles.completeDialog.body') : t('cycles.transfer.body');
  return (
    <Dialog
      title={completing ? t('cycles.completeDialog.title', { name: cycle.name }) : t('cycles.transfer.title')}
      description={body}
      onClose={onClose}
      testId="cycle-transfer"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>{t('common.cancel')}</Button>
          <Button busy={busy} disabled={!target} onClick={() => void submit()} data-testid="cycle-transfer-submit">{completing ? t('cycles.completeDialog.submit') : t('cycles.transfer.submit')}</Button>
        </>
      }
    >
      {targets.length === 0 ? (
        <p className="muted">{t('cycles.transfer.noTarget')}</p>
      ) : (
        <SelectField
          label={t('cycles.transfer.target')}
          value={target}
          options={targets.map((row) => ({ value: row.id, label: row.name }))}
          onChange={setPicked}
          placeholder={t('cycles.transfer.choose')}
          testId="cycle-transfer-target"
        />
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
    </Dialog>
  );
}
