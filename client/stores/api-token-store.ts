// Workspace API tokens (GET, POST /api/workspaces/{slug}/api-tokens/, DELETE …/{id}/).
// The secret is returned only by the POST; it is handed to the caller and never stored.
import { useMemo } from 'react';
import { http } from '../api/http';
import type { ApiToken } from '../api/types';
import { createEntityStore, createMutationId } from './create-entity-store';

const tokens = createEntityStore<ApiToken>();

const tokensPath = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}/api-tokens/`;

interface CreateApiTokenInput {
  label: string;
  description?: string;
  expired_at?: string | null;
}

/** Lists the workspace's tokens. @throws ApiError */
export async function fetchApiTokens(slug: string): Promise<ApiToken[]> {
  tokens.setStatus(slug, 'loading');
  try {
    const rows = await http.get<ApiToken[]>(tokensPath(slug));
    tokens.setAll(slug, rows);
    return rows;
  } catch (error) {
    tokens.setStatus(slug, 'error', error);
    throw error;
  }
}

/** Creates a token and returns it with its one-time `token` secret. @throws ApiError */
export async function createApiToken(slug: string, input: CreateApiTokenInput): Promise<ApiToken> {
  const created = await http.post<ApiToken>(tokensPath(slug), input, { mutationId: createMutationId() });
  const { token: _secret, ...listed } = created;
  if (tokens.useStore.getState().scope === slug) tokens.upsert(listed);
  return created;
}

/** Deletes (revokes) a token, hidden at once. @throws ApiError (then it is back). */
export function deleteApiToken(slug: string, tokenId: string): Promise<void> {
  const mutationId = createMutationId();
  return tokens.mutate({ mutationId, kind: 'delete', id: tokenId }, async () => {
    await http.delete(`${tokensPath(slug)}${tokenId}/`, { mutationId });
  });
}

/** The workspace's tokens, newest first. */
export function useApiTokens(slug: string): ApiToken[] {
  const rows = tokens.useRows(slug);
  return useMemo(() => [...rows].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '')), [rows]);
}

export function useApiTokensStatus(slug: string) {
  return tokens.useStore((state) => (state.scope === slug ? state.status : 'idle'));
}
