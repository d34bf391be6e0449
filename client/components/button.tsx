// The product's button lives in the design system (client/ui/button.tsx); re-exported here so the
// existing imports keep working.
export { Button, IconButton, type ButtonProps, type IconButtonProps } from '../ui/button';
