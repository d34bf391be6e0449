// Comments and links of a work item on Plane's public API (/api/v1): the objects as it answers them.
// Bodies are the app API's own (`comment_html`, `url`/`title`: Plane's names already).
import { z } from 'zod';
import { v1Page } from './common';

export const v1Comment = z.looseObject({ id: z.string(), comment_html: z.string(), issue: z.string(), project: z.string(), workspace: z.string() });
export const v1CommentPage = v1Page(v1Comment);

export const v1Link = z.looseObject({ id: z.string(), url: z.string(), title: z.string().nullable(), issue: z.string(), project: z.string(), workspace: z.string() });
export const v1LinkPage = v1Page(v1Link);

/** A property change of a work item (`activities/`): who changed which field from what to what. */
const v1Activity = z.looseObject({ id: z.string(), verb: z.string(), field: z.string().nullable(), old_value: z.string().nullable(), new_value: z.string().nullable() });
export const v1ActivityPage = v1Page(v1Activity);
/** Related work items by relation type (`relations/`), each an id-and-key summary. */
export const v1Relations = z.record(z.string(), z.array(z.looseObject({ id: z.string() })));
