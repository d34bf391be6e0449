// An action menu (Radix DropdownMenu): arrow keys, typeahead, Enter/Space, Escape, focus return.
import type { ReactElement, ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';

export interface MenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}

export function Menu({ trigger, items, label, align = 'end' }: { trigger: ReactElement; items: (MenuItem | 'separator')[]; label?: string; align?: 'start' | 'end' }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="ui-menu" align={align} sideOffset={4} collisionPadding={8} aria-label={label}>
          {items.map((item, index) =>
            item === 'separator' ? (
              <DropdownMenu.Separator key={`separator-${index}`} className="ui-menu-separator" />
            ) : (
              <DropdownMenu.Item key={item.id} className={`ui-menu-item${item.danger ? ' ui-menu-item-danger' : ''}`} disabled={item.disabled} onSelect={item.onSelect} data-testid={`menu-${item.id}`}>
                {item.icon && <span className="ui-menu-icon" aria-hidden="true">{item.icon}</span>}
                <span>{item.label}</span>
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
