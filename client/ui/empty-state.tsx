// What a screen shows when there is nothing yet: an icon, a title, a sentence, and the next action.
import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';

export function EmptyState({ title, body, action, icon }: { title: string; body?: string; action?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <div className="empty-state-icon" aria-hidden="true">
        {icon ?? <Inbox size={22} />}
      </div>
      <h3 className="empty-state-title">{title}</h3>
      {body && <p className="empty-state-body">{body}</p>}
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
