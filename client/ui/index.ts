// The design system: our own small components over maintained primitives (Radix UI, cmdk,
// react-day-picker, sonner, lucide-react). Screens import from here, not from the libraries.
export { Button, IconButton, type ButtonProps, type IconButtonProps } from './button';
export { Dialog, type DialogProps } from './dialog';
export { Popover, type PopoverProps } from './popover';
export { Menu, type MenuItem } from './menu';
export { Combobox, toggleValue, type ComboboxOption, type ComboboxProps } from './combobox';
export { PropertyChip, type PropertyChipProps } from './property-chip';
export { DatePicker, type DatePickerProps } from './date-picker';
export { Avatar } from './avatar';
export { Tooltip } from './tooltip';
export { EmptyState } from './empty-state';
export { Skeleton, SkeletonRows } from './skeleton';
export { ProgressBar, type ProgressBarProps } from './progress-bar';
export { toast, type ToastOptions } from './toast';
export { Toaster } from './toaster';
export { ChipPopover, ChipTabStop, type ChipPopoverProps } from './chip';
export { Select, type SelectOption, type SelectProps } from './select';
export { Tabs, TabList, Tab, TabPanel, type TabsProps } from './tabs';
export { Table, type TableColumn, type TableProps } from './table';
export { Checkbox, type CheckboxProps } from './checkbox';
export { ColorPicker, type ColorPickerProps } from './color-picker';
