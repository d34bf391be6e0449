// Project settings lists: states (grouped, drag to reorder, mark default) and labels (nested, drag
// to reorder or move under another label). Reorders send a midpoint sequence / sort_order.
// Controls a role cannot use are not offered (the permission table): adding, deleting and setting the
// default state, and every label change, are a project admin's; a member reads why instead.
import { GripVertical, Tag } from 'lucide-react';
import { Button, ColorPicker, EmptyState, Select } from '../../ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { STATE_GROUPS, STATE_GROUP_COLORS, type StateGroup } from '../../../shared/issue-constants';
import { sortOrderBetween } from '../../../shared/sort-order';
import { useT } from '../../i18n';
import { createLabel, deleteLabel, moveLabel, updateLabel, useProjectLabels, type Label } from '../../stores/label-store';
import { createState, deleteState, markStateDefault, updateState, useProjectStates, type State } from '../../stores/state-store';
import { STATE_GROUP_LABEL } from '../issues/labels';
import { shortenForToast, toastOnFailure } from '../../stores/toast-store';
import { undoWindow } from '../../ui/toast';
import { useProjectCan } from '../../auth/use-project-can';
import { LABEL_PALETTE, nextLabelColor } from '../issues/label-colors';

function DragRow({ id, dropId, children, disabled = false }: { id: string; dropId: string; children: ReactNode; disabled?: boolean }) {
  const drag = useDraggable({ id, disabled });
  const drop = useDroppable({ id: dropId });
  return (
    <li ref={drop.setNodeRef} className={`settings-row${drop.isOver ? ' sidebar-drop-over' : ''}`}>
      {!disabled && <span ref={drag.setNodeRef} {...drag.listeners} {...drag.attributes} className="drag-handle" aria-label="drag"><GripVertical size={14} aria-hidden="true" /></span>}
      {children}
    </li>
  );
}

/** The sequence that puts `movedId` before `beforeId` among `ordered` states. */
export function stateDropSequence(ordered: State[], movedId: string, beforeId: string): number | null {
  const others = ordered.filter((row) => row.id !== movedId);
  const index = others.findIndex((row) => row.id === beforeId);
  if (index < 0) return null;
  return sortOrderBetween(others[index - 1]?.sequence ?? null, others[index]?.sequence ?? null);
}

export function StatesSettings({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const states = useProjectStates(projectId);
  const isAdmin = useProjectCan('project.admin', projectId);
  const canConfigure = useProjectCan('project.configure', projectId);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const [adding, setAdding] = useState<StateGroup | null>(null);
  const [name, setName] = useState('');
  const handleDragEnd = (event: DragEndEvent) => {
    const moved = states.find((row) => row.id === event.active.id);
    const before = event.over && states.find((row) => `drop:${row.id}` === event.over!.id);
    if (!moved || !before || moved.id === before.id || moved.group !== before.group) return;
    const sequence = stateDropSequence(states.filter((row) => row.group === moved.group), moved.id, before.id);
    if (sequence !== null) toastOnFailure(updateState(slug, moved, { sequence }));
  };
  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    if (adding && name.trim()) toastOnFailure(createState(slug, projectId, { name: name.trim(), group: adding, color: STATE_GROUP_COLORS[adding] }));
    setName('');
    setAdding(null);
  };
  return (
    <DndContext sensors={sensors} onDragEnd={handleDragEnd}>
      {!isAdmin && <p className="muted" data-testid="states-admin-only">{t('settings.statesAdminOnly')}</p>}
      {STATE_GROUPS.map((group) => (
        <section key={group} className="settings-card" data-testid={`states-${group}`}>
          <div className="settings-card-header">
            <h3 className="settings-card-title"><span className="dot" style={{ background: STATE_GROUP_COLORS[group] }} /> {t(STATE_GROUP_LABEL[group])}</h3>
            {isAdmin && <Button variant="ghost" size="sm" onClick={() => setAdding(group)}>+ {t('settings.addState')}</Button>}
          </div>
          <ul className="plain-list">
            {states.filter((state) => state.group === group).map((state) => (
              <DragRow key={state.id} id={state.id} dropId={`drop:${state.id}`} disabled={!canConfigure}>
                <span className="dot" style={{ background: state.color }} />
                <input className="input input-sm" defaultValue={state.name} readOnly={!canConfigure} aria-label={t('settings.stateName')} onBlur={(event) => event.target.value.trim() && event.target.value !== state.name && toastOnFailure(updateState(slug, state, { name: event.target.value.trim() }))} />
                {state.default ? <span className="badge">{t('settings.default')}</span> : isAdmin && <button type="button" className="link-button" onClick={() => toastOnFailure(markStateDefault(slug, state))}>{t('settings.markDefault')}</button>}
                {!state.default && isAdmin && <button type="button" className="link-button" onClick={() => toastOnFailure(deleteState(slug, state, { undoWindow: () => undoWindow(t('toast.stateDeleted', { name: shortenForToast(state.name) })) }))}>{t('common.delete')}</button>}
              </DragRow>
            ))}
          </ul>
          {isAdmin && adding === group && (
            <form className="inline-form" onSubmit={handleAdd}>
              <input className="input input-sm" autoFocus value={name} placeholder={t('settings.stateName')} aria-label={t('settings.stateName')} onChange={(event) => setName(event.target.value)} />
              <Button type="submit" size="sm">{t('common.save')}</Button>
            </form>
          )}
        </section>
      ))}
    </DndContext>
  );
}

export function LabelsSettings({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const labels = useProjectLabels(projectId);
  const isAdmin = useProjectCan('project.admin', projectId);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const [name, setName] = useState('');
  // Until the person picks a colour, each new label takes the palette's least used one.
  const [chosenColor, setColor] = useState<string | null>(null);
  const color = chosenColor ?? nextLabelColor(labels.map((label) => label.color));
  const [parent, setParent] = useState('');
  const roots = labels.filter((label) => !label.parent || !labels.some((row) => row.id === label.parent));
  const handleDragEnd = (event: DragEndEvent) => {
    const overId = event.over ? String(event.over.id) : null;
    if (!overId) return;
    const [mode, targetId] = overId.split(':') as ['before' | 'into', string];
    const target = labels.find((row) => row.id === targetId);
    if (!target || target.id === event.active.id) return;
    const moving = mode === 'into' ? moveLabel(slug, String(event.active.id), target.id, null) : moveLabel(slug, String(event.active.id), target.parent, target.id);
    if (moving) toastOnFailure(moving);
  };
  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) toastOnFailure(createLabel(slug, projectId, { name: name.trim(), color, parent: parent || null }));
    setName('');
    setColor(null);
  };
  const row = (label: Label, nested: boolean) => (
    <DragRow key={label.id} id={label.id} dropId={`before:${label.id}`} disabled={!isAdmin}>
      <span className="dot" style={{ background: label.color }} />
      <span className={nested ? 'label-nested' : undefined}>{label.name}</span>
      {isAdmin && !nested && <NestTarget id={label.id} />}
      {isAdmin && label.parent && <button type="button" className="link-button" onClick={() => toastOnFailure(updateLabel(slug, label, { parent: null }))}>{t('settings.unnest')}</button>}
      {isAdmin && <button type="button" className="link-button" onClick={() => toastOnFailure(deleteLabel(slug, label, { undoWindow: () => undoWindow(t('toast.labelDeleted', { name: shortenForToast(label.name) })) }))}>{t('common.delete')}</button>}
    </DragRow>
  );
  return (
    <section className="settings-card" data-testid="labels-settings">
      {!isAdmin && <p className="muted" data-testid="labels-admin-only">{t('settings.labelsAdminOnly')}</p>}
      {isAdmin && <form className="inline-form" onSubmit={handleAdd}>
        <input className="input input-sm" value={name} placeholder={t('settings.labelName')} aria-label={t('settings.labelName')} onChange={(event) => setName(event.target.value)} data-testid="label-name" />
        <ColorPicker value={color} onChange={setColor} palette={LABEL_PALETTE} label={t('settings.labelColor')} hexLabel={t('settings.labelColorHex')} testId="label-color" />
        <Select
          className="select-sm"
          label={t('settings.labelParent')}
          value={parent}
          options={[{ value: '', label: t('settings.noParent') }, ...roots.map((label) => ({ value: label.id, label: label.name, icon: <span className="picker-dot" style={{ background: label.color }} aria-hidden="true" /> }))]}
          onChange={setParent}
          testId="label-parent"
        />
        <Button type="submit" size="sm" data-testid="add-label">{t('settings.addLabel')}</Button>
      </form>}
      <DndContext sensors={sensors} onDragEnd={handleDragEnd}>
        {labels.length === 0 ? <EmptyState title={t('settings.labelsEmpty')} body={t('settings.labelsEmptyBody')} icon={<Tag size={22} />} /> : (
          <ul className="plain-list">
            {roots.map((label) => [row(label, false), ...labels.filter((child) => child.parent === label.id).map((child) => row(child, true))])}
          </ul>
        )}
      </DndContext>
    </section>
  );
}

function NestTarget({ id }: { id: string }) {
  const t = useT();
  const { setNodeRef, isOver } = useDroppable({ id: `into:${id}` });
  return <span ref={setNodeRef} className={`nest-target${isOver ? ' sidebar-drop-over' : ''}`}>{t('settings.dropToNest')}</span>;
}
