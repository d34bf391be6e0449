// Signing out with the work-item outbox (issue 17): the server must end the session before
// anything of the outbox is dropped. Offline the sign-out cannot happen — the person is still
// signed in — so nothing is discarded and they are told why, instead of the page leaving for the
// browser's error page with the changes gone and the session still open.
import { isNetworkFailure } from '../api/http';
import { t } from '../i18n';
import { reportFailure } from '../stores/toast-store';
import { signOut } from '../stores/session-store';
import { toast } from '../ui/toast';
import { closeWorkOutbox, discardWorkOutbox, workOutbox } from './work-outbox';

/**
 * Signs out; once the server confirmed it, the outbox is discarded (`discard`: the person agreed)
 * or closed, so the next person on this browser neither sees nor replays it. Resolves false when
 * the sign-out did not happen (offline, or refused): a toast says so and every change is kept.
 */
export async function signOutWithOutbox({ discard }: { discard: boolean }): Promise<boolean> {
  try {
    await signOut(async () => {
      if (discard) await discardWorkOutbox();
      closeWorkOutbox();
    });
    return true;
  } catch (error) {
    const kept = workOutbox.size;
    if (isNetworkFailure(error)) toast.error(kept > 0 ? t('outbox.signOutOfflineKept', { count: kept }) : t('outbox.signOutOffline'));
    else reportFailure('outbox.signOutFailed', error);
    return false;
  }
}
