// Section tabs for the top bar that fit or fold: as many tabs as the bar has room for stay in the
// row, the rest fold into a "More" menu (the current tab always stays in the row). No horizontal
// scroll strip, and the page title beside them keeps its room (issue #26 item 12: at 1024 px the
// tabs squeezed the title to nothing and hid the last tabs behind an invisible scrollbar).
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Menu } from '../../ui/menu';

interface FoldingTab {
  key: string;
  /** A route path with `$params`, navigated to with `params`. */
  to: string;
  label: string;
}

/** How many of `widths` (in order, the current one counted first) fit in `room` beside the More button. */
function tabsThatFit(widths: number[], room: number, moreWidth: number, gap: number): number {
  let used = 0;
  for (let index = 0; index < widths.length; index++) {
    used += widths[index] + (index > 0 ? gap : 0);
    const moreNeeded = index < widths.length - 1 ? moreWidth + gap : 0;
    if (used + moreNeeded > room) return Math.max(1, index);
  }
  return widths.length;
}

export function FoldingTabs({ tabs, current, params, label, moreLabel, testIdPrefix, foldFirst = [] }: { tabs: readonly FoldingTab[]; current: string; params: Record<string, string>; label: string; moreLabel: string; testIdPrefix: string; foldFirst?: readonly string[] }) {
  const navigate = useNavigate();
  const roomRef = useRef<HTMLDivElement>(null);
  const widths = useRef(new Map<string, number>());
  const [shown, setShown] = useState(tabs.length);
  // Fold order, last to first: the current tab, then the others in order, then `foldFirst` (the
  // sections used least); the row still shows the tabs that stay in their own order.
  const rest = tabs.filter((tab) => tab.key !== current);
  const ordered = [...tabs.filter((tab) => tab.key === current), ...rest.filter((tab) => !foldFirst.includes(tab.key)), ...rest.filter((tab) => foldFirst.includes(tab.key))];
  // Re-measure when the set of tabs, the current one or their labels change (keys, not arrays that
  // are new on every render).
  const orderKey = ordered.map((tab) => `${tab.key}:${tab.label}`).join('|');

  useLayoutEffect(() => {
    const keys = orderKey.split('|').map((entry) => entry.slice(0, entry.indexOf(':')));
    const room = roomRef.current;
    if (!room) return;
    const measure = () => {
      // Widths are remembered from when a tab was last in the row, so a folded tab can come back.
      for (const element of room.querySelectorAll<HTMLElement>('[data-tab-key]')) widths.current.set(element.dataset.tabKey!, element.offsetWidth);
      const more = room.querySelector<HTMLElement>('[data-more]');
      const known = keys.map((key) => widths.current.get(key) ?? 90);
      // The segmented control's own border (2 px) counts against the room.
      setShown(tabsThatFit(known, room.clientWidth - 2, more?.offsetWidth ?? 72, 0));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(room);
    return () => observer.disconnect();
  }, [orderKey]);

  const inRow = new Set(ordered.slice(0, shown).map((tab) => tab.key));
  const folded = tabs.filter((tab) => !inRow.has(tab.key));
  return (
    <div ref={roomRef} className="folding-tabs-room">
    <nav className="segmented" aria-label={label}>
      {tabs.filter((tab) => inRow.has(tab.key)).map((tab) => (
        <Link key={tab.key} to={tab.to} params={params} className={`segment${current === tab.key ? ' segment-active' : ''}`} data-testid={`${testIdPrefix}${tab.key}`} data-tab-key={tab.key}>
          {tab.label}
        </Link>
      ))}
      {folded.length > 0 && (
        <Menu
          label={moreLabel}
          items={folded.map((tab) => ({ id: `${testIdPrefix}${tab.key}`, label: tab.label, onSelect: () => void navigate({ to: tab.to, params }) }))}
          trigger={
            <button type="button" className="segment folding-tabs-more" data-more aria-label={`${moreLabel}: ${folded.map((tab) => tab.label).join(', ')}`} data-testid={`${testIdPrefix}more`}>
              {moreLabel} <ChevronDown size={12} aria-hidden="true" />
            </button>
          }
        />
      )}
    </nav>
    </div>
  );
}
