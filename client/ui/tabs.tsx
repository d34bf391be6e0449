// Tabs over Radix Tabs: a tablist with roving focus (arrow keys, Home/End move between tabs and
// activate them), each tab tied to its tabpanel by id (aria-controls / aria-labelledby). Controlled:
// screens whose tab lives in the URL set the search param in `onValueChange`, so links and reloads
// keep the tab. The panel renders only for the active tab.
import { useRef, type ReactNode } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';

export interface TabsProps<T extends string> {
  value: T;
  onValueChange: (value: T) => void;
  children: ReactNode;
  className?: string;
}

export function Tabs<T extends string>({ value, onValueChange, children, className }: TabsProps<T>) {
  // One click reports the tab twice (Radix activates on mousedown and again on the focus that
  // follows, before the screen's value has changed): report it once, so a screen that fetches per
  // tab does not fetch twice.
  const reported = useRef<string | null>(null);
  const change = (next: string) => {
    if (next === reported.current) return;
    reported.current = next;
    setTimeout(() => (reported.current = null), 0);
    onValueChange(next as T);
  };
  return (
    <RadixTabs.Root value={value} onValueChange={change} className={className}>
      {children}
    </RadixTabs.Root>
  );
}

export function TabList({ label, children, className, testId }: { label: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <RadixTabs.List aria-label={label} className={className ? `ui-tabs ${className}` : 'ui-tabs'} data-testid={testId}>
      {children}
    </RadixTabs.List>
  );
}

export function Tab({ value, children, testId }: { value: string; children: ReactNode; testId?: string }) {
  return (
    <RadixTabs.Trigger value={value} className="ui-tab" data-testid={testId}>
      {children}
    </RadixTabs.Trigger>
  );
}

export function TabPanel({ value, children, className, testId }: { value: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <RadixTabs.Content value={value} className={className ? `ui-tab-panel ${className}` : 'ui-tab-panel'} data-testid={testId}>
      {children}
    </RadixTabs.Content>
  );
}
