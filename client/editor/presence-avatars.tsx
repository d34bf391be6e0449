// Who is here: one coloured initial per other editor of the page (from Yjs awareness).
import { useT } from '../i18n';
import type { CollabPeer } from './use-page-collab';

const MAX_SHOWN = 5;

export function PresenceAvatars({ peers }: { peers: CollabPeer[] }) {
  const t = useT();
  if (peers.length === 0) return null;
  const shown = peers.slice(0, MAX_SHOWN);
  return (
    <div className="presence-avatars" data-testid="presence-avatars" aria-label={t('pages.presence.label', { count: peers.length })}>
      {shown.map((peer) => (
        <span key={peer.clientId} className="presence-avatar" style={{ background: peer.color }} title={peer.name}>
          {(peer.name || '?').slice(0, 1).toUpperCase()}
        </span>
      ))}
      {peers.length > MAX_SHOWN && <span className="presence-avatar presence-more">+{peers.length - MAX_SHOWN}</span>}
    </div>
  );
}
