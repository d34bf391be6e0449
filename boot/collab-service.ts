// The "collab" service (see ./services.ts): the collaboration server on this process's Fastify
// instance, wired to the REST domain in both directions without either importing the other —
// collab gets the server's services as its writes (CollabWrites), and REST gets collab's bridge to
// live documents (ctx.collab), so a REST change to a page body reaches open editors at once.
import type { FastifyInstance } from 'fastify';
import { createCollab, type Collab } from '../collab/server';
import type { CollabWrites } from '../collab/writes';
import type { ServerContext } from '../server/context';
import { renamePageFromTitle } from '../server/services/pages/page';
import { compactLoggedIssueDescriptions, storeIssueDescription } from '../server/services/work-items/issue-description-doc';

/** The server's services behind the writes collab asks for, on context `ctx`. */
export function collabWrites(ctx: ServerContext): CollabWrites {
  return {
    renamePageFromTitle: (pageId, name, actorId) => renamePageFromTitle(ctx, pageId, name, actorId),
    storeIssueDescription: (issueId, doc, actorId) => storeIssueDescription(ctx, issueId, doc, actorId),
  };
}

/**
 * Mounts /collab, compacts the issue descriptions a crash left logged before the app is ready, and
 * stores every open document when the app closes.
 */
export async function startCollabService(app: FastifyInstance): Promise<Collab> {
  const { ctx } = app;
  const collab = await createCollab({ database: ctx.database, writes: collabWrites(ctx), redisUrl: ctx.config.REDIS_URL, appBaseUrl: ctx.config.appBaseUrl });
  ctx.collab = collab.bridge;
  collab.mount(app);
  // What editors were told is saved is in the log; the issue rows REST reads are brought up to it.
  // A failure leaves the log in place (it is replayed when the issue is opened): logged, not fatal.
  app.addHook('onReady', async () => {
    await compactLoggedIssueDescriptions(ctx).catch((error: unknown) => app.log.error({ err: error }, 'could not compact logged issue descriptions'));
  });
  app.addHook('onClose', () => collab.close());
  return collab;
}
