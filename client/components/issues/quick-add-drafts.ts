// What a group's quick add holds — open or not, the name being typed — kept outside the component.
// A list re-renders its rows from live data (a teammate's change, a refetch, a row that comes and
// goes), and a row that leaves the list for a moment takes its component's state with it: the name
// a failed create hands back would land in a component no longer on screen (seen in CI on a slow
// machine: the input closed, the 300-character name gone). Kept here, the quick add that shows
// next for the same group opens with it. In memory only: a reload starts closed.
import { create } from 'zustand';

export interface QuickAddDraft {
  open: boolean;
  name: string;
}

const CLOSED: QuickAddDraft = { open: false, name: '' };

const useDrafts = create<Record<string, QuickAddDraft>>(() => ({}));

/** The draft of the quick add `key` (its project and group). */
export function useQuickAddDraft(key: string): QuickAddDraft {
  return useDrafts((drafts) => drafts[key] ?? CLOSED);
}

/** Changes the draft of `key`; `update` gets the draft as it is now (not as a render saw it). */
export function updateQuickAddDraft(key: string, update: (draft: QuickAddDraft) => QuickAddDraft): void {
  useDrafts.setState((drafts) => {
    const next = update(drafts[key] ?? CLOSED);
    if (!next.open && !next.name) {
      const { [key]: _closed, ...rest } = drafts;
      return rest;
    }
    return { ...drafts, [key]: next };
  }, true);
}
