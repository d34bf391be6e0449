// Project pages on Plane's public API (/api/v1), with `description_html`: the app API's page bodies
// (Plane's field names already) and the page as the public API answers it.
import { z } from 'zod';
import { createPageBody } from '../page';
import { v1Page } from './common';

const v1PageObject = z.looseObject({ id: z.string(), name: z.string(), owned_by: z.string().nullable(), access: z.number().int(), project: z.string(), workspace: z.string() });
/** Retrieve, create and update answer the page's content too. */
export const v1PageDetail = v1PageObject.extend({ description_html: z.string() });
export const v1PagePage = v1Page(v1PageObject);
/** POST `pages/`: the app's body; Plane's `parent_id` is the app's `parent`. */
export const v1CreatePageBody = createPageBody.extend({ parent_id: createPageBody.shape.parent });
