// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { ACTIVITY_FIELDS } from '../../../shared/issue-activity';
import type { Notification } from '../../api/types';
import { loadLocale, Locale, SUPPORTED_LOCALES, translate, type Translate } from '../../i18n';
import { formatActivity, formatNotification, readableValue, type ActivityFacts, type ActivityLookups } from './activity-format';

// Chinese is fetched on first use in the app; these tests read it directly.
await loadLocale(Locale.ZH_CN);

const ADA = '0b6f4a51-9a52-4a0e-9f8e-3e2f1d0c7b6a';
const MIA = '6c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const GONE = '7d2f3e40-5b6c-4d7e-9f80-ab1c2d3e4f50';
const STATE = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const LABEL = '2b3c4d5e-6f70-4b8c-9dae-1f2a3b4c5d6e';
const POINT = '3c4d5e6f-7081-4c9d-aebf-2a3b4c5d6e7f';

const lookups: ActivityLookups = {
  userName: (id) => ({ [ADA]: 'Ada', [MIA]: 'Mia' })[id],
  stateName: (id) => ({ [STATE]: 'In Review' })[id],
  labelName: (id) => ({ [LABEL]: 'bug' })[id],
  estimateValue: (id) => ({ [POINT]: '5' })[id],
};

const row = (fields: Partial<ActivityFacts>): ActivityFacts => ({
  verb: 'updated',
  field: null,
  old_value: null,
  new_value: null,
  old_identifier: null,
  new_identifier: null,
  actor: ADA,
  actor_detail: { display_name: 'ada-old' },
  ...fields,
});

const en: Translate = (key, vars) => translate(Locale.EN, key, vars);
const zh: Translate = (key, vars) => translate(Locale.ZH_CN, key, vars);
const say = (fields: Partial<ActivityFacts>, t: Translate = en, locale: Locale = Locale.EN) => formatActivity(row(fields), lookups, t, locale);

describe('activity sentences', () => {
  test('creation and deletion', () => {
    expect(say({ verb: 'created' })).toBe('Ada created the issue');
    expect(say({ verb: 'deleted', field: 'issue' })).toBe('Ada deleted the issue');
  });

  test('a description change never shows its HTML, with or without values', () => {
    expect(say({ field: 'description', old_value: '<p>Old</p>', new_value: '<p>New <strong>text</strong></p>' })).toBe('Ada updated the description');
    expect(say({ field: 'description' })).toBe('Ada updated the description');
  });

  test('name and priority', () => {
    expect(say({ field: 'name', old_value: 'Old', new_value: 'Fix the <b>login</b>' })).toBe('Ada renamed the issue to “Fix the login”');
    expect(say({ field: 'priority', old_value: 'none', new_value: 'urgent' })).toBe('Ada set the priority to Urgent');
    expect(say({ field: 'priority', new_value: 'none' })).toBe('Ada set the priority to No priority');
  });

  test('state: the current state name by id, else the stored name', () => {
    expect(say({ field: 'state', new_value: 'Review', new_identifier: STATE })).toBe('Ada set the state to In Review');
    expect(say({ field: 'state', new_value: 'Done', new_identifier: GONE })).toBe('Ada set the state to Done');
  });

  test('assignees: added and removed, with the name', () => {
    expect(say({ field: 'assignees', old_value: '', new_value: 'mia', new_identifier: MIA })).toBe('Ada added assignee Mia');
    expect(say({ field: 'assignees', old_value: 'mia', new_value: '', old_identifier: MIA })).toBe('Ada removed assignee Mia');
    expect(say({ field: 'assignees', old_value: 'otto', new_value: '', old_identifier: GONE })).toBe('Ada removed assignee otto');
    // Rows that stored only the id show no id.
    expect(say({ field: 'assignees', old_value: GONE, new_value: '', old_identifier: GONE })).toBe('Ada removed assignee a former member');
  });

  test('labels: added and removed', () => {
    expect(say({ field: 'labels', old_value: '', new_value: 'Bug', new_identifier: LABEL })).toBe('Ada added label bug');
    expect(say({ field: 'labels', old_value: 'Bug', new_value: '', old_identifier: LABEL })).toBe('Ada removed label bug');
  });

  test('dates are formatted days; clearing one says so', () => {
    expect(say({ field: 'target_date', old_value: '', new_value: '2026-03-04' })).toBe('Ada set the due date to Mar 4, 2026');
    expect(say({ field: 'start_date', old_value: '2026-03-01', new_value: '' })).toBe('Ada removed the start date');
    expect(say({ field: 'target_date', new_value: '2026-03-04' }, zh, Locale.ZH_CN)).toBe('Ada 将截止日期设为 2026年3月4日');
  });

  test('parent, estimate, cycle and module', () => {
    expect(say({ field: 'parent', old_value: '', new_value: 'WEB-12', new_identifier: GONE })).toBe('Ada set the parent to WEB-12');
    expect(say({ field: 'parent', old_value: 'WEB-12', new_value: '', old_identifier: GONE })).toBe('Ada removed the parent WEB-12');
    expect(say({ field: 'estimate_points', old_value: '3', new_value: '8', new_identifier: POINT })).toBe('Ada set the estimate to 5');
    expect(say({ verb: 'removed', field: 'estimate_points', old_value: '3', new_value: '' })).toBe('Ada removed the estimate');
    expect(say({ verb: 'created', field: 'cycles', new_value: 'Sprint 4' })).toBe('Ada added the issue to cycle Sprint 4');
    expect(say({ verb: 'updated', field: 'cycles', old_value: 'Sprint 4', new_value: 'Sprint 5' })).toBe('Ada moved the issue to cycle Sprint 5');
    expect(say({ verb: 'deleted', field: 'cycles', old_value: 'Sprint 5', new_value: '' })).toBe('Ada removed the issue from cycle Sprint 5');
    expect(say({ verb: 'created', field: 'modules', new_value: 'Billing' })).toBe('Ada added the issue to module Billing');
  });

  test('links, attachments, relations, archive', () => {
    expect(say({ verb: 'created', field: 'link', new_value: 'https://example.com' })).toBe('Ada added the link https://example.com');
    expect(say({ verb: 'deleted', field: 'link', old_value: 'https://example.com' })).toBe('Ada removed the link https://example.com');
    expect(say({ verb: 'created', field: 'attachment', new_value: 'ws/abc/file.png' })).toBe('Ada attached file.png');
    expect(say({ verb: 'created', field: 'attachment', new_value: `ws/${GONE}-Fuel pump spec.pdf` })).toBe('Ada attached Fuel pump spec.pdf');
    expect(say({ verb: 'deleted', field: 'attachment', old_value: `ws/${GONE}-photo.jpg` })).toBe('Ada removed the attachment photo.jpg');
    expect(say({ verb: 'deleted', field: 'attachment', old_value: '' })).toBe('Ada removed an attachment');
    expect(say({ verb: 'created', field: 'sub_issue', new_value: 'WEB-4 Fuel pump', new_identifier: GONE })).toBe('Ada added sub-issue WEB-4 Fuel pump');
    expect(say({ verb: 'deleted', field: 'sub_issue', old_value: 'WEB-4 Fuel pump', new_value: '', old_identifier: GONE })).toBe('Ada removed sub-issue WEB-4 Fuel pump');
    expect(say({ verb: 'created', field: 'sub_issue', new_value: 'WEB-4 Fuel pump' }, zh, Locale.ZH_CN)).toBe('Ada 添加了子工作项 WEB-4 Fuel pump');
    expect(say({ verb: 'updated', field: 'blocked_by', new_value: 'WEB-3', new_identifier: GONE })).toBe('Ada marked the issue as blocked by WEB-3');
    expect(say({ verb: 'deleted', field: 'relates_to', old_value: 'WEB-3', new_identifier: GONE })).toBe('Ada removed the “related to” relation with WEB-3');
    expect(say({ field: 'archived_at', new_value: 'manual_archive' })).toBe('Ada archived the issue');
    expect(say({ field: 'archived_at', old_value: 'archive', new_value: 'restore' })).toBe('Ada restored the issue');
  });

  test('actors: the member name, else the stored one; no actor is automation', () => {
    expect(say({ verb: 'created', actor: GONE, actor_detail: { display_name: 'otto' } })).toBe('otto created the issue');
    expect(say({ field: 'state', new_value: 'Done', actor: null, actor_detail: null })).toBe('Trellis set the state to Done');
  });

  test('an unknown field names the field and shows no raw value', () => {
    const text = say({ field: 'intake_status', old_value: '<p>x</p>', new_value: GONE });
    expect(text).toBe('Ada updated the intake status');
  });

  test('zh-CN sentences', () => {
    expect(say({ field: 'assignees', old_value: 'mia', new_value: '', old_identifier: MIA }, zh, Locale.ZH_CN)).toBe('Ada 移除了负责人 Mia');
    expect(say({ field: 'description', new_value: '<p>x</p>' }, zh, Locale.ZH_CN)).toBe('Ada 更新了描述');
  });

  test('readableValue drops markup and bare ids', () => {
    expect(readableValue('<p>a &amp; b</p>')).toBe('a & b');
    expect(readableValue(GONE)).toBe('');
    expect(readableValue(null)).toBe('');
  });
});

/**
 * One row of each field as the server writes it (server/services/*: the verb, which side carries the
 * value, names or keys in the values) and the words of that value a reader must see, per locale;
 * null where the sentence deliberately shows no value (HTML, the issue itself); an attachment
 * shows its file name, never the storage key around it.
 */
type Sample = { row: Partial<ActivityFacts>; shown: Record<Locale, string> | null };
const same = (text: string): Record<Locale, string> => ({ en: text, 'zh-CN': text });
const RELATION_SAMPLE: Sample = { row: { verb: 'updated', new_value: 'WEB-3', new_identifier: GONE }, shown: same('WEB-3') };
const SAMPLES: Record<(typeof ACTIVITY_FIELDS)[number], Sample> = {
  issue: { row: { verb: 'deleted' }, shown: null },
  name: { row: { old_value: 'Old', new_value: 'Fuel pump' }, shown: same('Fuel pump') },
  description: { row: { old_value: '<p>a</p>', new_value: '<p>b</p>' }, shown: null },
  priority: { row: { old_value: 'none', new_value: 'high' }, shown: { en: 'High', 'zh-CN': translate(Locale.ZH_CN, 'priority.high') } },
  state: { row: { old_value: 'Todo', new_value: 'Review', new_identifier: STATE }, shown: same('In Review') },
  start_date: { row: { old_value: '', new_value: '2026-03-04' }, shown: { en: 'Mar 4, 2026', 'zh-CN': '2026年3月4日' } },
  target_date: { row: { old_value: '', new_value: '2026-03-05' }, shown: { en: 'Mar 5, 2026', 'zh-CN': '2026年3月5日' } },
  parent: { row: { old_value: '', new_value: 'WEB-12', new_identifier: GONE }, shown: same('WEB-12') },
  labels: { row: { old_value: '', new_value: 'Bug', new_identifier: LABEL }, shown: same('bug') },
  assignees: { row: { old_value: '', new_value: 'mia', new_identifier: MIA }, shown: same('Mia') },
  cycles: { row: { verb: 'created', old_value: '', new_value: 'Sprint 4', new_identifier: GONE }, shown: same('Sprint 4') },
  modules: { row: { verb: 'created', new_value: 'Billing', new_identifier: GONE }, shown: same('Billing') },
  link: { row: { verb: 'created', new_value: 'https://example.com/spec', new_identifier: GONE }, shown: same('https://example.com/spec') },
  attachment: { row: { verb: 'created', new_value: `ws/${GONE}-file.png`, new_identifier: GONE }, shown: same('file.png') },
  sub_issue: { row: { verb: 'created', old_value: '', new_value: 'WEB-4 Fuel pump', new_identifier: GONE }, shown: same('WEB-4 Fuel pump') },
  archived_at: { row: { old_value: null, new_value: 'manual_archive' }, shown: null },
  comment: { row: { verb: 'created', new_value: '<p>Ship it <b>today</b></p>' }, shown: same('Ship it today') },
  intake: { row: { old_value: '-2', new_value: '1' }, shown: { en: 'Accepted', 'zh-CN': translate(Locale.ZH_CN, 'intake.status.accepted') } },
  reaction: { row: { verb: 'created', new_value: '👍', new_identifier: GONE }, shown: same('👍') },
  blocked_by: RELATION_SAMPLE,
  blocking: RELATION_SAMPLE,
  duplicate: RELATION_SAMPLE,
  relates_to: RELATION_SAMPLE,
  start_before: RELATION_SAMPLE,
  start_after: RELATION_SAMPLE,
  finish_before: RELATION_SAMPLE,
  finish_after: RELATION_SAMPLE,
  implemented_by: RELATION_SAMPLE,
  implements: RELATION_SAMPLE,
};

describe('every field the server writes has a sentence in every locale', () => {
  /** The sentence, and the message keys the formatter used for it. */
  const sayIn = (locale: Locale, fields: Partial<ActivityFacts>) => {
    const keys: string[] = [];
    const text = formatActivity(row(fields), lookups, (key, vars) => (keys.push(key), translate(locale, key, vars)), locale);
    return { text, keys };
  };
  const fields = [...ACTIVITY_FIELDS, 'estimate_points'] as const;

  test.each(fields.flatMap((field) => SUPPORTED_LOCALES.map((locale) => [field, locale] as const)))('%s in %s', (field, locale) => {
    const sample = field === 'estimate_points' ? { row: { old_value: '3', new_value: '8', new_identifier: POINT }, shown: same('5') } : SAMPLES[field];
    const { text, keys } = sayIn(locale, { field, ...sample.row });
    // Its own sentence, not the generic "updated the <field>" fallback, and no raw field name such as "blocked_by".
    expect(keys).not.toContain('activity.changed');
    if (field.includes('_')) expect(text).not.toContain(field);
    if (sample.shown) expect(text).toContain(sample.shown[locale]);
    // zh-CN speaks Chinese, not English.
    if (locale === Locale.ZH_CN) expect(text).toMatch(/[\u4e00-\u9fff]/);
    else expect(text).not.toMatch(/[\u4e00-\u9fff]/);
  });

  test('relations are named in words, both ways', () => {
    expect(say({ verb: 'updated', field: 'blocking', new_value: 'WEB-3' })).toBe('Ada marked the issue as blocking WEB-3');
    expect(say({ verb: 'updated', field: 'blocked_by', new_value: 'WEB-3' }, zh, Locale.ZH_CN)).toBe('Ada 将工作项标记为被阻塞于 WEB-3');
  });

  test('comments are quoted on one short line', () => {
    const text = say({ verb: 'created', field: 'comment', new_value: `<p>${'word '.repeat(40)}</p>` });
    expect(text.startsWith('Ada commented “word word')).toBe(true);
    expect(text.length).toBeLessThan(110);
  });
});

describe('notification sentences', () => {
  const notification = (fields: Partial<Notification>): Notification =>
    ({
      id: 'n1',
      entity_identifier: 'i1',
      triggered_by: GONE,
      triggered_by_details: { id: GONE, display_name: 'otto' },
      is_mentioned_notification: false,
      created_at: '2026-11-25T10:00:00.000Z',
      data: {},
      ...fields,
    }) as Notification;
  const activity = (fields: Partial<ActivityFacts>) => ({ issue: { id: 'i1' }, issue_activity: { id: 'a1', verb: 'updated', actor: GONE, old_value: '', new_value: '', ...fields } });

  test('an activity notification is the activity sentence, value included', () => {
    expect(formatNotification(notification({ data: activity({ field: 'target_date', new_value: '2026-03-04' }) }), lookups, en, Locale.EN)).toBe('otto set the due date to Mar 4, 2026');
    expect(formatNotification(notification({ data: activity({ field: 'parent', new_value: 'WEB-12' }) }), lookups, en, Locale.EN)).toBe('otto set the parent to WEB-12');
    expect(formatNotification(notification({ data: activity({ field: 'blocked_by', new_value: 'WEB-3' }) }), lookups, zh, Locale.ZH_CN)).toBe('otto 将工作项标记为被阻塞于 WEB-3');
  });

  test('a mention says who mentioned the reader and where, in the locale', () => {
    const mention = notification({ is_mentioned_notification: true, triggered_by: ADA, data: activity({ field: 'comment', new_value: '<p>hi</p>' }) });
    expect(formatNotification(mention, lookups, en, Locale.EN)).toBe('Ada mentioned you in a comment');
    expect(formatNotification(mention, lookups, zh, Locale.ZH_CN)).toBe('Ada 在评论中提到了你');
    expect(formatNotification({ ...mention, data: activity({ field: 'description' }) }, lookups, en, Locale.EN)).toBe('Ada mentioned you in the description');
  });
});
