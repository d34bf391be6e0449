// Deterministic demo data for the seed: a seeded PRNG and the distributions issues are drawn from
// (states, priorities, labels, assignees, dates, descriptions), kept apart from the inserting code.

/** mulberry32: a small, fast, seeded PRNG so two seeds of the same size produce the same data. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks a value by weight: `weighted(rand, [['a', 3], ['b', 1]])` returns 'a' three times in four. */
export function weighted<T>(random: () => number, choices: ReadonlyArray<readonly [T, number]>): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return choices[choices.length - 1][0];
}

/** State groups by share of issues: most work is done or waiting. */
export const STATE_GROUP_WEIGHTS = [['backlog', 25], ['unstarted', 20], ['started', 15], ['completed', 30], ['cancelled', 10]] as const;
export const PRIORITY_WEIGHTS = [['none', 30], ['low', 25], ['medium', 25], ['high', 15], ['urgent', 5]] as const;
/** How many labels / assignees an issue has. */
export const LABEL_COUNT_WEIGHTS = [[0, 30], [1, 45], [2, 20], [3, 5]] as const;
export const ASSIGNEE_COUNT_WEIGHTS = [[0, 20], [1, 65], [2, 15]] as const;

export const LABEL_NAMES = ['bug', 'feature', 'improvement', 'docs', 'design', 'backend', 'frontend', 'performance', 'security', 'ux', 'infra', 'tech-debt'];
export const LABEL_COLORS = ['#ef4444', '#3b82f6', '#10b981', '#a855f7', '#f59e0b', '#0ea5e9', '#ec4899', '#84cc16', '#dc2626', '#6366f1', '#64748b', '#78716c'];

const VERBS = ['Fix', 'Add', 'Improve', 'Refactor', 'Investigate', 'Remove', 'Document', 'Speed up', 'Redesign', 'Test'];
const OBJECTS = ['login flow', 'issue list', 'kanban board', 'search', 'notifications', 'export', 'webhooks', 'cycle charts', 'label picker', 'page editor', 'API tokens', 'sidebar', 'date picker', 'intake inbox', 'permissions'];
const DETAILS = ['on mobile', 'for guests', 'with many labels', 'after sign-in', 'in dark mode', 'on slow networks', 'for large projects', 'when offline', 'in Safari', 'for admins'];
const SENTENCES = [
  'Steps to reproduce are in the linked thread.',
  'This blocks the next release.',
  'Customers reported it twice this week.',
  'We should measure before and after.',
  'The current behaviour is confusing for new members.',
  'A small change in the store should be enough.',
  'Check the server logs around the failure.',
  'Design has a mock-up for the new version.',
];

/** A plausible issue title. */
export function issueName(random: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  return `${pick(VERBS)} ${pick(OBJECTS)} ${pick(DETAILS)}`;
}

/** A short description as HTML and as its stripped text. */
export function issueDescription(random: () => number): { html: string; text: string } {
  const count = 1 + Math.floor(random() * 3);
  const sentences = Array.from({ length: count }, () => SENTENCES[Math.floor(random() * SENTENCES.length)]);
  return { html: `<p>${sentences.join(' ')}</p>`, text: sentences.join(' ') };
}

/** Distinct picks from `pool`, the first items more popular (a rough Zipf). */
export function pickSkewed<T>(random: () => number, pool: readonly T[], count: number): T[] {
  const picked = new Set<T>();
  while (picked.size < Math.min(count, pool.length)) picked.add(pool[Math.floor(pool.length * random() ** 2)]);
  return [...picked];
}
