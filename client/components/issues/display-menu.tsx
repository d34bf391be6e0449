// The list toolbar menus: layout switcher, display options (group, sub-group, order, type,
// toggles, properties) and filters. Every change goes through the issue-filter store's rules.
import type { ReactNode } from 'react';
import { ListFilter } from 'lucide-react';
import { DISPLAY_PROPERTIES, displayPropertiesForLayout, GROUP_BY_OPTIONS, LAYOUTS_BY_CONTEXT, ORDER_BY_OPTIONS, type GroupBy, type Layout } from '../../../shared/display';
import { useT } from '../../i18n';
import { contextOf, getListSettings, updateDisplayFilters, updateDisplayProperties, updateFilters, useListSettings } from '../../stores/issue-filter-store';
import { useProjectLabels } from '../../stores/label-store';
import { useAssignableUsers } from '../../stores/member-store';
import { useProjectStates } from '../../stores/state-store';
import { Button, Popover, PropertyChip, toggleValue, type ComboboxOption } from '../../ui';
import { GROUP_BY_LABEL, LAYOUT_LABEL, ORDER_BY_LABEL, PROPERTY_LABEL } from './labels';
import type { IssueFilters, ListSource } from '../../stores/list-model';
import { labelOptions, priorityOptions, stateGroupOptions, stateOptions, summaryOf, userOptions } from './property-options';

export function LayoutSwitcher({ slug, source }: { slug: string; source: ListSource }) {
  const t = useT();
  const settings = useListSettings(source);
  const layouts = LAYOUTS_BY_CONTEXT[contextOf(source)];
  if (layouts.length < 2) return null;
  return (
    <div className="segmented" role="group" aria-label={t('list.layout')}>
      {layouts.map((layout: Layout) => (
        <button key={layout} type="button" className={`segment${settings.displayFilters.layout === layout ? ' segment-active' : ''}`} aria-pressed={settings.displayFilters.layout === layout} onClick={() => updateDisplayFilters(slug, source, { layout })} data-testid={`layout-${layout}`}>
          {t(LAYOUT_LABEL[layout])}
        </button>
      ))}
    </div>
  );
}

export function DisplayMenu({ slug, source }: { slug: string; source: ListSource }) {
  const t = useT();
  const settings = useListSettings(source);
  const display = settings.displayFilters;
  const groupable = display.layout === 'list' || display.layout === 'kanban';
  const NONE = 'none';
  const groupOptions = (exclude: GroupBy | null) =>
    GROUP_BY_OPTIONS.filter((option) => option === null || option !== exclude).map((option) => ({ value: option ?? NONE, label: t(GROUP_BY_LABEL[option ?? NONE]) }));
  const toValue = (value: string): GroupBy | null => (value === NONE ? null : (value as GroupBy));
  const typeOptions = [
    { value: 'all', label: t('list.typeAll') },
    { value: 'active', label: t('list.typeActive') },
    { value: 'backlog', label: t('list.typeBacklog') },
  ];
  const orderOptions = ORDER_BY_OPTIONS.filter((option) => contextOf(source) !== 'global' || option !== 'sort_order').map((option) => ({ value: option, label: t(ORDER_BY_LABEL[option]!) }));
  const labelOf = (options: { value: string; label: string }[], value: string) => options.find((option) => option.value === value)?.label ?? value;
  const field = (label: string, chip: ReactNode) => (
    <div className="menu-field">
      <span>{label}</span>
      {chip}
    </div>
  );
  return (
    <Popover label={t('list.display')} align="end" className="display-menu" testId="display-menu-panel" trigger={<Button variant="secondary" size="sm" data-testid="display-menu">{t('list.display')}</Button>}>
      {groupable && field(t('list.groupBy'), (
        <PropertyChip label={t('list.groupBy')} valueText={t(GROUP_BY_LABEL[display.group_by ?? NONE])} options={groupOptions(null)} selected={[display.group_by ?? NONE]} onSelect={(value) => updateDisplayFilters(slug, source, { group_by: toValue(value) })} testId="group-by-select" />
      ))}
      {display.layout === 'kanban' && field(t('list.subGroupBy'), (
        <PropertyChip label={t('list.subGroupBy')} valueText={t(GROUP_BY_LABEL[display.sub_group_by ?? NONE])} options={groupOptions(display.group_by)} selected={[display.sub_group_by ?? NONE]} onSelect={(value) => updateDisplayFilters(slug, source, { sub_group_by: toValue(value) })} testId="sub-group-by-select" />
      ))}
      {field(t('list.orderBy'), (
        <PropertyChip label={t('list.orderBy')} valueText={labelOf(orderOptions, display.order_by)} options={orderOptions} selected={[display.order_by]} onSelect={(value) => updateDisplayFilters(slug, source, { order_by: value })} testId="order-by-select" />
      ))}
      {field(t('list.type'), (
        <PropertyChip label={t('list.type')} valueText={labelOf(typeOptions, display.type ?? 'all')} options={typeOptions} selected={[display.type ?? 'all']} onSelect={(value) => updateDisplayFilters(slug, source, { type: value === 'all' ? null : (value as 'active' | 'backlog') })} testId="type-select" />
      ))}
      <label className="check-label">
        <input type="checkbox" checked={display.sub_issue} onChange={(event) => updateDisplayFilters(slug, source, { sub_issue: event.target.checked })} />
        {t('list.showSubIssues')}
      </label>
      {groupable && (
        <label className="check-label">
          <input type="checkbox" checked={display.show_empty_groups} onChange={(event) => updateDisplayFilters(slug, source, { show_empty_groups: event.target.checked })} />
          {t('list.showEmptyGroups')}
        </label>
      )}
      <p className="menu-section">{t('list.properties')}</p>
      <div className="chip-toggles">
        {DISPLAY_PROPERTIES.filter((property) => displayPropertiesForLayout(display.layout).includes(property)).map((property) => (
          <button key={property} type="button" className={`chip${settings.displayProperties[property] ? ' chip-on' : ''}`} aria-pressed={settings.displayProperties[property]} onClick={() => updateDisplayProperties(slug, source, { [property]: !settings.displayProperties[property] })} data-testid={`property-${property}`}>
            {t(PROPERTY_LABEL[property])}
          </button>
        ))}
      </div>
    </Popover>
  );
}

/** The filter bar: one multi-select chip per property; a chip with a filter set shows how many. */
export function FilterMenu({ slug, source, locked = false }: { slug: string; source: ListSource; locked?: boolean }) {
  const t = useT();
  const settings = useListSettings(source);
  const projectId = 'projectId' in source ? source.projectId : undefined;
  const states = useProjectStates(projectId);
  const labels = useProjectLabels(projectId);
  const users = useAssignableUsers(projectId);
  const filters = settings.filters;
  const chip = (key: keyof IssueFilters, label: string, options: ComboboxOption[], testId: string) => {
    const selected = filters[key] ?? [];
    const chosen = summaryOf(options, selected, '');
    return (
      <PropertyChip
        multiple
        label={label}
        // The chip shows "Priority: High"; its spoken name adds the property once ("Priority: High",
        // not "Priority: Priority: High"), and an unset filter reads "Priority: Any".
        valueText={selected.length ? t('pickers.chipValue', { property: label, value: chosen }) : label}
        spokenValue={selected.length ? chosen : t('pickers.filterAny')}
        icon={<ListFilter size={13} aria-hidden="true" className="picker-icon" />}
        empty={selected.length === 0}
        options={options}
        selected={selected}
        onSelect={(value) => updateFilters(slug, source, { [key]: toggleValue(getListSettings(source).filters[key] ?? [], value) })}
        disabled={locked}
        testId={testId}
      />
    );
  };
  return (
    <div className="filter-bar" data-testid="filter-bar">
      {chip('priority', t('property.priority'), priorityOptions(t), 'filter-priority')}
      {projectId && chip('state', t('property.state'), stateOptions(states), 'filter-state')}
      {chip('state_group', t('groupBy.stateGroup'), stateGroupOptions(t), 'filter-state-group')}
      {projectId && chip('assignees', t('property.assignee'), userOptions(users), 'filter-assignees')}
      {projectId && chip('labels', t('property.labels'), labelOptions(labels), 'filter-labels')}
    </div>
  );
}
