// The tab names that route search params accept. They live apart from the screens so the route table
// can validate `?tab=` without pulling a lazily loaded screen into the initial bundle.
export const CYCLE_TABS = ['active', 'upcoming', 'completed', 'draft', 'archived'] as const;
export type CycleTab = (typeof CYCLE_TABS)[number];

export const SETTINGS_TABS = ['general', 'members', 'states', 'labels', 'estimates', 'features', 'publish', 'integrations'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
