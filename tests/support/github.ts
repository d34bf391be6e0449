// A loopback HTTP server that speaks the parts of the GitHub REST API the repository import uses
// (issue #15): GET /repos/{o}/{r}, …/labels, …/issues (pull requests included, as GitHub lists
// them), …/issues/comments — with bearer-token auth, `per_page`/`page` pagination announced in
// `Link` headers, `since`, `state`, and scripted answers: rate limits (403/429 with Retry-After or
// X-RateLimit-Remaining: 0 + X-RateLimit-Reset), errors, and requests held open (to stop an import
// mid-way). Usable from vitest and from the Playwright suites (`startFakeGithub()`).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeLabel {
  id: number;
  name: string;
  color: string;
  description: string | null;
}
export interface FakeIssue {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  state_reason: string | null;
  labels: FakeLabel[];
  isPullRequest: boolean;
  created_at: string;
  updated_at: string;
}
export interface FakeComment {
  id: number;
  issueNumber: number;
  body: string;
  login: string;
  created_at: string;
  updated_at: string;
}
export interface FakeRepo {
  id: number;
  owner: string;
  name: string;
  labels: FakeLabel[];
  issues: FakeIssue[];
  comments: FakeComment[];
}
export interface LoggedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  at: number;
}
/** A scripted answer for the next request whose path matches. */
export interface ScriptedAnswer {
  path: RegExp;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}
/** A request held open until released (answered normally) or dropped (connection destroyed). */
export interface Hold {
  path: RegExp;
  arrived: Promise<void>;
  release(): void;
  drop(): void;
}

export interface FakeGithub {
  url: string;
  token: string;
  requests: LoggedRequest[];
  /** Default page size when the client sends none (GitHub: 30). */
  defaultPerPage: number;
  /** Upper bound of per_page (GitHub: 100); lower it to force pagination in a test. */
  maxPerPage: number;
  repo(owner: string, name: string): FakeRepo;
  addLabel(repo: FakeRepo, name: string, color?: string): FakeLabel;
  addIssue(repo: FakeRepo, fields: { title: string; body?: string | null; state?: 'open' | 'closed'; labels?: FakeLabel[]; pullRequest?: boolean }): FakeIssue;
  addComment(repo: FakeRepo, issue: FakeIssue, body: string, login?: string): FakeComment;
  /** Marks an issue (or comment) as changed now. */
  touch(item: { updated_at: string }): void;
  /** Answers the next request matching `path` with this instead (a rate limit, an error). */
  script(answer: ScriptedAnswer): void;
  /** Holds the next request matching `path` open. */
  hold(path: RegExp): Hold;
  close(): Promise<void>;
}

const nowIso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startFakeGithub(options: { token?: string; host?: string } = {}): Promise<FakeGithub> {
  const token = options.token ?? 'ghp_fakeToken0123456789';
  const repos = new Map<string, FakeRepo>();
  const scripts: ScriptedAnswer[] = [];
  const holds: Array<{ path: RegExp; onArrive: () => void; wait: Promise<'release' | 'drop'> }> = [];
  let nextId = 1000;
  let base = '';

  const labelJson = (label: FakeLabel) => ({ id: label.id, node_id: `L_${label.id}`, url: `${base}/labels/${label.id}`, name: label.name, color: label.color, default: false, description: label.description });
  const issueJson = (repo: FakeRepo, issue: FakeIssue) => ({
    id: issue.id,
    node_id: `I_${issue.id}`,
    url: `${base}/repos/${repo.owner}/${repo.name}/issues/${issue.number}`,
    html_url: `https://github.example/${repo.owner}/${repo.name}/${issue.isPullRequest ? 'pull' : 'issues'}/${issue.number}`,
    number: issue.number,
    title: issue.title,
    user: { login: 'octocat', id: 1 },
    labels: issue.labels.map(labelJson),
    state: issue.state,
    state_reason: issue.state_reason,
    body: issue.body,
    body_html: issue.body ? `<p>${escape(issue.body)}</p>` : null,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.state === 'closed' ? issue.updated_at : null,
    ...(issue.isPullRequest ? { pull_request: { url: `${base}/repos/${repo.owner}/${repo.name}/pulls/${issue.number}` } } : {}),
  });
  const commentJson = (repo: FakeRepo, comment: FakeComment) => ({
    id: comment.id,
    node_id: `C_${comment.id}`,
    url: `${base}/repos/${repo.owner}/${repo.name}/issues/comments/${comment.id}`,
    html_url: `https://github.example/${repo.owner}/${repo.name}/issues/${comment.issueNumber}#issuecomment-${comment.id}`,
    issue_url: `${base}/repos/${repo.owner}/${repo.name}/issues/${comment.issueNumber}`,
    user: { login: comment.login, id: 2 },
    body: comment.body,
    body_html: `<p>${escape(comment.body)}</p>`,
    created_at: comment.created_at,
    updated_at: comment.updated_at,
  });

  function paginate(req: URL, res: ServerResponse, items: unknown[]) {
    const perPage = Math.min(fake.maxPerPage, Math.max(1, Number(req.searchParams.get('per_page')) || fake.defaultPerPage));
    const page = Math.max(1, Number(req.searchParams.get('page')) || 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const link = (n: number, rel: string) => {
      const target = new URL(req.href);
      target.searchParams.set('page', String(n));
      return `<${target.href}>; rel="${rel}"`;
    };
    const links: string[] = [];
    if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
    if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
    if (links.length) res.setHeader('Link', links.join(', '));
    send(res, 200, items.slice((page - 1) * perPage, page * perPage));
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'X-RateLimit-Limit': '5000', 'X-RateLimit-Remaining': '4999', ...headers });
    res.end(JSON.stringify(body));
  }

  const since = (url: URL) => {
    const value = url.searchParams.get('since');
    return value ? Date.parse(value) : null;
  };
  const sorted = <T extends { created_at: string; updated_at: string; id: number }>(url: URL, items: T[]) => {
    const key = url.searchParams.get('sort') === 'updated' ? 'updated_at' : 'created_at';
    const direction = url.searchParams.get('direction') === 'asc' ? 1 : -1;
    return [...items].sort((a, b) => direction * (Date.parse(a[key]) - Date.parse(b[key]) || a.id - b.id));
  };

  function answer(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
    const match = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(url.pathname);
    const repo = match ? repos.get(`${decodeURIComponent(match[1])}/${decodeURIComponent(match[2])}`.toLowerCase()) : undefined;
    if (!match || !repo) return send(res, 404, { message: 'Not Found' });
    const rest = match[3] ?? '';
    if (rest === '' || rest === '/') return send(res, 200, { id: repo.id, name: repo.name, full_name: `${repo.owner}/${repo.name}`, owner: { login: repo.owner }, html_url: `https://github.example/${repo.owner}/${repo.name}`, private: false });
    if (rest === '/labels') return paginate(url, res, repo.labels.map(labelJson));
    if (rest === '/issues') {
      const state = url.searchParams.get('state') ?? 'open';
      const after = since(url);
      const items = sorted(url, repo.issues)
        .filter((issue) => state === 'all' || issue.state === state)
        .filter((issue) => after === null || Date.parse(issue.updated_at) >= after);
      return paginate(url, res, items.map((issue) => issueJson(repo, issue)));
    }
    if (rest === '/issues/comments') {
      const after = since(url);
      const items = sorted(url, repo.comments).filter((comment) => after === null || Date.parse(comment.updated_at) >= after);
      return paginate(url, res, items.map((comment) => commentJson(repo, comment)));
    }
    return send(res, 404, { message: 'Not Found' });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, authorization: req.headers.authorization, at: Date.now() });
    const holdIndex = holds.findIndex((hold) => hold.path.test(url.pathname + url.search));
    if (holdIndex >= 0) {
      const [hold] = holds.splice(holdIndex, 1);
      hold.onArrive();
      void hold.wait.then((how) => (how === 'drop' ? req.socket.destroy() : respond()));
      return;
    }
    respond();
    function respond() {
      const scriptIndex = scripts.findIndex((entry) => entry.path.test(url.pathname + url.search));
      if (scriptIndex >= 0) {
        const [entry] = scripts.splice(scriptIndex, 1);
        return send(res, entry.status, entry.body ?? { message: `scripted ${entry.status}` }, entry.headers);
      }
      answer(req, res, url);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  base = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;

  const fake: FakeGithub = {
    url: base,
    token,
    requests: [],
    defaultPerPage: 30,
    maxPerPage: 100,
    repo(owner, name) {
      const key = `${owner}/${name}`.toLowerCase();
      let repo = repos.get(key);
      if (!repo) {
        repo = { id: nextId++, owner, name, labels: [], issues: [], comments: [] };
        repos.set(key, repo);
      }
      return repo;
    },
    addLabel(repo, name, color = '0e8a16') {
      const label = { id: nextId++, name, color, description: null };
      repo.labels.push(label);
      return label;
    },
    addIssue(repo, fields) {
      // Numbers are shared by issues and pull requests, as on GitHub; creation times strictly increase.
      const number = repo.issues.length + 1;
      const created = nowIso(number);
      const issue: FakeIssue = {
        id: nextId++,
        number,
        title: fields.title,
        body: fields.body ?? null,
        state: fields.state ?? 'open',
        state_reason: fields.state === 'closed' ? 'completed' : null,
        labels: fields.labels ?? [],
        isPullRequest: fields.pullRequest ?? false,
        created_at: created,
        updated_at: created,
      };
      repo.issues.push(issue);
      return issue;
    },
    addComment(repo, issue, body, login = 'octocat') {
      const created = nowIso(repo.comments.length + 1);
      const comment = { id: nextId++, issueNumber: issue.number, body, login, created_at: created, updated_at: created };
      repo.comments.push(comment);
      return comment;
    },
    touch(item) {
      item.updated_at = nowIso(1);
    },
    script(entry) {
      scripts.push(entry);
    },
    hold(path) {
      let onArrive!: () => void;
      let decide!: (how: 'release' | 'drop') => void;
      const arrived = new Promise<void>((resolve) => (onArrive = resolve));
      const wait = new Promise<'release' | 'drop'>((resolve) => (decide = resolve));
      holds.push({ path, onArrive, wait });
      return { path, arrived, release: () => decide('release'), drop: () => decide('drop') };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
