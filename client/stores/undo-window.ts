// Deletes the server cannot take back wait for an undo window (client/ui/toast.ts `undoWindow`)
// inside the store's optimistic mutation: the row is hidden at once; Undo rejects with `Undone`
// so the mutation rolls back and the row is shown again, with nothing sent to the server.

/** The user pressed Undo: not a failure, nothing to report. */
export class Undone extends Error {
  constructor() {
    super('Undone');
  }
}

/** Resolves when the change may go ahead; throws Undone when `window` says the user took it back. */
export async function pastUndoWindow(window: (() => Promise<boolean>) | undefined): Promise<void> {
  if (window && !(await window())) throw new Undone();
}

export const isUndone = (error: unknown): boolean => error instanceof Undone;
