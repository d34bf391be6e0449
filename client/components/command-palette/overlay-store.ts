// Which global overlay is open (command palette, shortcut help, create-issue and create-project modals) and which
// issue list is on screen (so the palette can switch its layout).
import { create } from 'zustand';
import type { ListSource } from '../../stores/list-model';

export const useOverlayStore = create<{
  palette: boolean;
  shortcuts: boolean;
  createIssue: { projectId?: string } | null;
  createProject: boolean;
  currentList: ListSource | null;
}>(() => ({ palette: false, shortcuts: false, createIssue: null, createProject: false, currentList: null }));

export const openPalette = () => useOverlayStore.setState({ palette: true });
export const closePalette = () => useOverlayStore.setState({ palette: false });
export const openShortcuts = () => useOverlayStore.setState({ shortcuts: true });
export const closeShortcuts = () => useOverlayStore.setState({ shortcuts: false });
export const openCreateIssue = (projectId?: string) => useOverlayStore.setState({ createIssue: { projectId: projectId ?? projectOfList() } });
export const closeCreateIssue = () => useOverlayStore.setState({ createIssue: null });
export const openCreateProject = () => useOverlayStore.setState({ createProject: true });
export const closeCreateProject = () => useOverlayStore.setState({ createProject: false });
export const setCurrentList = (source: ListSource | null) => useOverlayStore.setState({ currentList: source });

function projectOfList(): string | undefined {
  const list = useOverlayStore.getState().currentList;
  return list && 'projectId' in list ? list.projectId : undefined;
}
