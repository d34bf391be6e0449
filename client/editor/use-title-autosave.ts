// Page title autosave (spec §4, §9): saves 2000 ms after the last keystroke; the state goes
// submitting → submitted → saved, and a failed save puts the previous title back.
import { useCallback, useEffect, useRef, useState } from 'react';

/** Delay between the last keystroke and the save (spec §9). */
const TITLE_AUTOSAVE_MS = 2000;
const SUBMITTED_VISIBLE_MS = 1500;

export const SaveState = { SAVED: 'saved', SUBMITTING: 'submitting', SUBMITTED: 'submitted' } as const;
export type SaveState = (typeof SaveState)[keyof typeof SaveState];

/**
 * Local title state bound to `serverTitle`. `save` is called with the new title after the delay;
 * when it rejects, the title reverts to what was saved before.
 */
export function useTitleAutosave(serverTitle: string, save: (title: string) => Promise<void>) {
  const [title, setTitleState] = useState(serverTitle);
  const [state, setState] = useState<SaveState>(SaveState.SAVED);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const dirty = useRef(false);
  const saveRef = useRef(save);
  saveRef.current = save;

  // Remote renames show at once unless the user is typing.
  useEffect(() => {
    if (!dirty.current) setTitleState(serverTitle);
  }, [serverTitle]);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const setTitle = useCallback(
    (next: string) => {
      setTitleState(next);
      dirty.current = true;
      setState(SaveState.SUBMITTING);
      if (timer.current) clearTimeout(timer.current);
      const previous = serverTitle;
      timer.current = setTimeout(() => {
        timer.current = null;
        saveRef
          .current(next)
          .then(() => {
            dirty.current = false;
            setState(SaveState.SUBMITTED);
            setTimeout(() => setState((current) => (current === SaveState.SUBMITTED ? SaveState.SAVED : current)), SUBMITTED_VISIBLE_MS);
          })
          .catch(() => {
            dirty.current = false;
            setTitleState(previous);
            setState(SaveState.SAVED);
          });
      }, TITLE_AUTOSAVE_MS);
    },
    [serverTitle],
  );

  return { title, setTitle, state };
}
