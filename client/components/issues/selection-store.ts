// Multi-select of issues in a list (for bulk updates and bulk delete).
import { create } from 'zustand';

export const useSelectionStore = create<{ ids: string[] }>(() => ({ ids: [] }));

export function toggleSelected(id: string): void {
  useSelectionStore.setState((state) => ({ ids: state.ids.includes(id) ? state.ids.filter((item) => item !== id) : [...state.ids, id] }));
}

export function clearSelection(): void {
  useSelectionStore.setState({ ids: [] });
}

export function useIsSelected(id: string): boolean {
  return useSelectionStore((state) => state.ids.includes(id));
}
