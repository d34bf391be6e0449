// Built-in global view ids (spec §2): computed by the workspace list, never rows. In a module of
// their own so the browser's route table can read them without the zod schemas of schemas/view.ts.
export const BUILT_IN_VIEW_IDS = ['all-issues', 'assigned', 'created', 'subscribed'] as const;
export type BuiltInViewId = (typeof BUILT_IN_VIEW_IDS)[number];
