// A property chip whose picker is the searchable Combobox: the one component behind state,
// priority, estimate, assignees, labels and parent on the list row, kanban card, spreadsheet
// cell, peek and detail sidebar, and behind the create-issue modal's and filter bar's choices.
// A single choice closes the popover (focus goes back to the chip); multi-select stays open and
// the caller toggles (`toggleValue`).
import { useT } from '../i18n';
import { ChipPopover, useChipOpen, type ChipPopoverProps } from './chip';
import { Combobox, type ComboboxProps } from './combobox';

export interface PropertyChipProps extends Omit<ChipPopoverProps, 'children'>, Omit<ComboboxProps, 'label' | 'testId' | 'checkedText'> {}

export function PropertyChip({ options, selected, onSelect, multiple, onCreate, createText, placeholder, emptyText, open, onOpenChange, ...chip }: PropertyChipProps) {
  const t = useT();
  const [isOpen, setOpen] = useChipOpen(open, onOpenChange);
  const choose = (value: string) => {
    if (!multiple) setOpen(false);
    onSelect(value);
  };
  return (
    <ChipPopover {...chip} open={isOpen} onOpenChange={setOpen}>
      <Combobox
        label={chip.label}
        options={options}
        selected={selected}
        onSelect={choose}
        multiple={multiple}
        onCreate={onCreate}
        createText={createText}
        placeholder={placeholder}
        emptyText={emptyText ?? t('pickers.noMatch')}
        checkedText={t('pickers.selected')}
      />
    </ChipPopover>
  );
}
