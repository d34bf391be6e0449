// The product's buttons. Button: variants, a busy state that disables it and keeps its width.
// IconButton: an SVG icon with a required accessible name (shown as a tooltip on hover/focus).
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Tooltip } from './tooltip';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'md' | 'sm';
  /** Shows a spinner and disables the button. */
  busy?: boolean;
  block?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', busy = false, block = false, className, disabled, children, type = 'button', ...rest },
  ref,
) {
  const classes = ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', block ? 'btn-block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button ref={ref} type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
      {children}
    </button>
  );
});

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The accessible name; also the tooltip. */
  label: string;
  icon: ReactNode;
  /** False where a tooltip would cover what the button acts on. */
  tooltip?: boolean;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, tooltip = true, className, type = 'button', ...rest },
  ref,
) {
  const button = (
    <button ref={ref} type={type} className={['icon-button', className ?? ''].filter(Boolean).join(' ')} aria-label={label} {...rest}>
      {icon}
    </button>
  );
  return tooltip ? <Tooltip content={label}>{button}</Tooltip> : button;
});
