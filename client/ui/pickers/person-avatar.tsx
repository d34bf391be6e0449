// A round avatar with a person's initials on a colour picked from their name (stable across
// screens), and a stack of up to three of them for many assignees.
const AVATAR_COLORS = ['#3f76ff', '#16a34a', '#d97706', '#db2777', '#7c3aed', '#0891b2', '#dc2626', '#4b5563'];

function colorOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length]!;
}

/** One or two letters: the first of the first two words, else the first letter. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/[\s@._-]+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length > 1 ? [...words[0]!][0]! + [...words[1]!][0]! : [...words[0]!][0]!;
  return letters.toUpperCase();
}

export function PersonAvatar({ name, size = 18 }: { name: string; size?: number }) {
  return (
    <span className="person-avatar" style={{ width: size, height: size, fontSize: Math.round(size * 0.45), background: colorOf(name) }} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

export function AvatarStack({ names, size = 18 }: { names: string[]; size?: number }) {
  return (
    <span className="avatar-stack" aria-hidden="true">
      {names.slice(0, 3).map((name, index) => <PersonAvatar key={`${name}-${index}`} name={name} size={size} />)}
      {names.length > 3 && <span className="avatar-more">+{names.length - 3}</span>}
    </span>
  );
}
