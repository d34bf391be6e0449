// `npm run bench [-- --only issues-list,foundation] [--huge] [--seconds N]`: runs the selected bench
// sections one after the other and rewrites BENCHMARKS.md — a header with the machine, the date and
// the command, then one `## <title>` section per bench. A section module exports
// `run(options): Promise<{ title, markdown }>`; sections not run this time keep their last text.
// Modules that return anything else (older ones write their own section) are left to do so.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, machineLine, type BenchOptions } from './harness';

type Section = { title: string; markdown: string };
type BenchModule = { run: (options: BenchOptions) => Promise<unknown> };

/** Registered sections, in the order they run by default. */
const SECTIONS: Record<string, () => Promise<BenchModule>> = {
  foundation: () => import('./foundation'),
  'issues-list': () => import('./issues-list'),
  pages: () => import('./pages') as Promise<BenchModule>,
  live: () => import('./live') as Promise<BenchModule>,
  'embedded-default': () => import('./embedded-default'),
  webhooks: () => import('./webhooks'),
  exports: () => import('./exports'),
  cycles: () => import('./cycles'),
  analytics: () => import('./analytics'),
  notifications: () => import('./notifications'),
  dashboard: () => import('./dashboard'),
  'cold-start': () => import('./cold-start'),
  'cold-start-default': () => import('./cold-start-default'),
  'read-profile': () => import('./read-profile'),
  'backup-restore': () => import('./backup-restore'),
  'scale-out': () => import('./scale-out'),
  outbox: () => import('./outbox'),
  'public-api': () => import('./public-api'),
  'write-path': () => import('./write-path'),
  'read-ratios': () => import('./read-ratios'),
};

const FILE = join(ROOT, 'BENCHMARKS.md');
const HEADER_END = '<!-- bench:header-end -->';

function parseOptions(argv: string[]): { names: string[]; options: BenchOptions } {
  const only = argv.find((arg, index) => arg === '--only' || argv[index - 1] === '--only' || arg.startsWith('--only='));
  const onlyValue = argv.find((arg) => arg.startsWith('--only='))?.slice(7) ?? (only === '--only' ? argv[argv.indexOf('--only') + 1] : undefined);
  const positional = argv.filter((arg, index) => !arg.startsWith('--') && argv[index - 1] !== '--only' && argv[index - 1] !== '--seconds' && argv[index - 1] !== '--issues');
  const names = onlyValue ? onlyValue.split(',').filter(Boolean) : positional.length ? positional : Object.keys(SECTIONS);
  const secondsArg = argv.find((arg) => arg.startsWith('--seconds='))?.slice(10) ?? (argv.includes('--seconds') ? argv[argv.indexOf('--seconds') + 1] : undefined);
  return { names, options: { huge: argv.includes('--huge'), seconds: Number(secondsArg ?? 8), argv } };
}

function isSection(value: unknown): value is Section {
  return typeof value === 'object' && value !== null && typeof (value as Section).title === 'string' && typeof (value as Section).markdown === 'string';
}

/** Splits BENCHMARKS.md into its sections (`## ` headings), dropping the generated header. */
function readSections(): Map<string, string> {
  const sections = new Map<string, string>();
  if (!existsSync(FILE)) return sections;
  const text = readFileSync(FILE, 'utf8');
  const body = text.includes(HEADER_END) ? text.slice(text.indexOf(HEADER_END) + HEADER_END.length) : text.slice(text.indexOf('\n## ') + 1);
  for (const chunk of body.split(/\n(?=## )/)) {
    const match = /^## (.+)\n/.exec(chunk.trimStart());
    if (match) sections.set(match[1].trim(), chunk.trim().slice(match[0].length).trim());
  }
  return sections;
}

function writeFile(sections: Map<string, string>, ran: string[], command: string) {
  const header = [
    '# Benchmarks',
    '',
    'Figures from `npm run bench`, one section per benchmark. Machines here are shared and noisy: compare the',
    'ratios measured within one run, not absolute times.',
    '',
    `- Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — \`${command}\` (sections: ${ran.join(', ')})`,
    `- Machine: ${machineLine()}; PostgreSQL at \`${(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test').replace(/\/\/[^@]*@/, '//…@')}\``,
    HEADER_END,
  ];
  const body = [...sections].map(([title, markdown]) => `## ${title}\n\n${markdown}\n`);
  writeFileSync(FILE, `${header.join('\n')}\n\n${body.join('\n')}`);
}

const { names, options } = parseOptions(process.argv.slice(2));
const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const ran: string[] = [];
for (const name of names) {
  const load = SECTIONS[name];
  if (!load) {
    console.error(`unknown bench section "${name}" (known: ${Object.keys(SECTIONS).join(', ')})`);
    process.exit(1);
  }
  const started = Date.now();
  console.log(`# bench ${name} — ${new Date().toISOString()}`);
  const result = await (await load()).run(options);
  ran.push(name);
  // Re-read after each section: older modules rewrite their own section of the file.
  const sections = readSections();
  if (isSection(result)) {
    sections.set(result.title, `${result.markdown}\n\n_Section time: ${((Date.now() - started) / 1000).toFixed(0)} s._`);
    console.log(`## ${result.title}\n\n${result.markdown}\n`);
  }
  writeFile(sections, ran, command);
}
process.exit(0);
