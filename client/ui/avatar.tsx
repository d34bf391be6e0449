// A person's picture, else their initials on a colour derived from the name (stable per person).
import { Avatar as RadixAvatar } from 'radix-ui';

const HUES = [220, 262, 190, 150, 30, 340, 280, 200];

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

function hueOf(name: string): number {
  let sum = 0;
  for (const char of name) sum = (sum * 31 + char.charCodeAt(0)) >>> 0;
  return HUES[sum % HUES.length]!;
}

export function Avatar({ name, src, size = 'md' }: { name: string; src?: string | null; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <RadixAvatar.Root className={`ui-avatar ui-avatar-${size}`} style={{ '--avatar-hue': hueOf(name) } as React.CSSProperties} title={name}>
      {src && <RadixAvatar.Image className="ui-avatar-image" src={src} alt={name} />}
      <RadixAvatar.Fallback className="ui-avatar-fallback" aria-label={name} role="img">
        {initialsOf(name)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
