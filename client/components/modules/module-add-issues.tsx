// "Add existing issues" to a module: the server's issue search (issues already in the module left
// out), several chosen at once, added in one request. The module's issue list and counts follow
// from the live events the server sends for them.
import { useState } from 'react';
import { useT } from '../../i18n';
import { Button, Combobox, Dialog, toggleValue } from '../../ui';
import { addIssuesToModule, type Module } from '../../stores/module-store';
import { useIssueSearch } from '../issues/use-issue-search';
import { reportFailure } from '../../stores/toast-store';

export function AddModuleIssuesDialog({ slug, module, onClose }: { slug: string; module: Module; onClose: () => void }) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const { hits, loading } = useIssueSearch(slug, module.project_id, query, { params: { module: module.id } });
  // Chosen issues stay in the list while the search moves on, so they can still be unchecked.
  const [seen, setSeen] = useState<Record<string, string>>({});
  const label = (hit: (typeof hits)[number]) => `${hit.project__identifier ?? ''}-${hit.sequence_id} ${hit.name}`;
  const options = [
    ...chosen.filter((id) => !hits.some((hit) => hit.id === id)).map((id) => ({ value: id, label: seen[id] ?? id })),
    ...hits.map((hit) => ({ value: hit.id, label: label(hit) })),
  ];
  const handleToggle = (id: string) => {
    const hit = hits.find((row) => row.id === id);
    if (hit) setSeen((current) => ({ ...current, [id]: label(hit) }));
    setChosen((current) => toggleValue(current, id));
  };

  const handleAdd = async () => {
    setBusy(true);
    try {
      await addIssuesToModule(slug, module, chosen);
      onClose();
    } catch (error) {
      reportFailure('toast.actionFailed', error);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('modules.detail.addExistingTitle', { module: module.name })}
      onClose={onClose}
      testId="module-add-issues-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{t('common.cancel')}</Button>
          <Button onClick={() => void handleAdd()} disabled={chosen.length === 0} busy={busy} data-testid="module-add-issues-confirm">
            {t('modules.detail.addSelected', { count: chosen.length })}
          </Button>
        </>
      }
    >
      <Combobox
        label={t('modules.detail.searchIssues')}
        placeholder={t('modules.detail.searchIssues')}
        options={options}
        selected={chosen}
        onSelect={handleToggle}
        multiple
        onQueryChange={setQuery}
        loading={loading}
        emptyText={t('modules.detail.noCandidates')}
        testId="module-add-issues-picker"
      />
    </Dialog>
  );
}
