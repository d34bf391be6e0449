// The list toolbar menus: layout switcher, display options (group, sub-group, order, type,
// toggles, properties) and filters. Every change goes through the issue-filter store's rules.
import { useState } from 'react';
import { DISPLAY_PROPERTIES, displayPropertiesForLayout, GROUP_BY_OPTIONS, LAYOUTS_BY_CONTEXT, ORDER_BY_OPTIONS, type GroupBy, type Layout } from '../../../shared/display';
import { PRIORITY_ORDER, STATE_GROUPS } from '../../../shared/issue-constants';
import { useT } from '../../i18n';
import { contextOf, updateDisplayFilters, updateDisplayProperties, updateFilters, useListSettings } from '../../stores/issue-filter-store';
import { useProjectLabels } from '../../stores/label-store';
import { useAssignableUsers } from '../../stores/member-store';
import { useProjectStates } from '../../stores/state-store';
import { GROUP_BY_LABEL, LAYOUT_LABEL, ORDER_BY_LABEL, PRIORITY_LABEL, PROPERTY_LABEL, STATE_GROUP_LABEL } from './labels';
import type { IssueFilters, ListSource } from './list-model';
import { MultiSelect } from './multi-select';

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
  const [open, setOpen] = useState(false);
  const settings = useListSettings(source);
  const display = settings.displayFilters;
  const groupable = display.layout === 'list' || display.layout === 'kanban';
  const groupOptions = GROUP_BY_OPTIONS;
  const toValue = (value: string): GroupBy | null => (value === 'none' ? null : (value as GroupBy));
  return (
    <div className="prop-popover">
      <button type="button" className="btn btn-secondary btn-sm" aria-expanded={open} onClick={() => setOpen((value) => !value)} data-testid="display-menu">
        {t('list.display')}
      </button>
      {open && (
        <div className="prop-menu display-menu" role="dialog" aria-label={t('list.display')}>
          {groupable && (
            <label className="menu-field">
              {t('list.groupBy')}
              <select className="select select-sm" value={display.group_by ?? 'none'} onChange={(event) => updateDisplayFilters(slug, source, { group_by: toValue(event.target.value) })} data-testid="group-by-select">
                {groupOptions.map((option) => (
                  <option key={option ?? 'none'} value={option ?? 'none'}>{t(GROUP_BY_LABEL[option ?? 'none'])}</option>
                ))}
              </select>
            </label>
          )}
          {display.layout === 'kanban' && (
            <label className="menu-field">
              {t('list.subGroupBy')}
              <select className="select select-sm" value={display.sub_group_by ?? 'none'} onChange={(event) => updateDisplayFilters(slug, source, { sub_group_by: toValue(event.target.value) })} data-testid="sub-group-by-select">
                {groupOptions.filter((option) => option === null || option !== display.group_by).map((option) => (
                  <option key={option ?? 'none'} value={option ?? 'none'}>{t(GROUP_BY_LABEL[option ?? 'none'])}</option>
                ))}
              </select>
            </label>
          )}
          <label className="menu-field">
            {t('list.orderBy')}
            <select className="select select-sm" value={display.order_by} onChange={(event) => updateDisplayFilters(slug, source, { order_by: event.target.value })} data-testid="order-by-select">
              {ORDER_BY_OPTIONS.filter((option) => source.kind !== 'global' || option !== 'sort_order').map((option) => (
                <option key={option} value={option}>{t(ORDER_BY_LABEL[option]!)}</option>
              ))}
            </select>
          </label>
          <label className="menu-field">
            {t('list.type')}
            <select className="select select-sm" value={display.type ?? 'all'} onChange={(event) => updateDisplayFilters(slug, source, { type: event.target.value === 'all' ? null : (event.target.value as 'active' | 'backlog') })}>
              <option value="all">{t('list.typeAll')}</option>
              <option value="active">{t('list.typeActive')}</option>
              <option value="backlog">{t('list.typeBacklog')}</option>
            </select>
          </label>
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
        </div>
      )}
    </div>
  );
}

export function FilterMenu({ slug, source }: { slug: string; source: ListSource }) {
  const t = useT();
  const settings = useListSettings(source);
  const projectId = 'projectId' in source ? source.projectId : undefined;
  const states = useProjectStates(projectId);
  const labels = useProjectLabels(projectId);
  const users = useAssignableUsers(projectId);
  const filters = settings.filters;
  const set = (key: keyof IssueFilters) => (values: string[]) => updateFilters(slug, source, { [key]: values });
  const count = (key: keyof IssueFilters) => (filters[key]?.length ? ` (${filters[key]!.length})` : '');
  return (
    <div className="filter-bar" data-testid="filter-bar">
      <MultiSelect label={t('property.priority')} summary={`${t('property.priority')}${count('priority')}`} options={PRIORITY_ORDER.map((value) => ({ value, label: t(PRIORITY_LABEL[value]) }))} selected={filters.priority ?? []} onChange={set('priority')} testId="filter-priority" />
      {projectId && <MultiSelect label={t('property.state')} summary={`${t('property.state')}${count('state')}`} options={states.map((state) => ({ value: state.id, label: state.name, color: state.color }))} selected={filters.state ?? []} onChange={set('state')} />}
      <MultiSelect label={t('groupBy.stateGroup')} summary={`${t('groupBy.stateGroup')}${count('state_group')}`} options={STATE_GROUPS.map((value) => ({ value, label: t(STATE_GROUP_LABEL[value]) }))} selected={filters.state_group ?? []} onChange={set('state_group')} />
      {projectId && <MultiSelect label={t('property.assignee')} summary={`${t('property.assignee')}${count('assignees')}`} options={users.map((user) => ({ value: user.id, label: user.display_name }))} selected={filters.assignees ?? []} onChange={set('assignees')} />}
      {projectId && <MultiSelect label={t('property.labels')} summary={`${t('property.labels')}${count('labels')}`} options={labels.map((label) => ({ value: label.id, label: label.name, color: label.color }))} selected={filters.labels ?? []} onChange={set('labels')} />}
    </div>
  );
}
