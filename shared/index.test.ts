import { describe, test, expect } from 'vitest';
import * as shared from './index';

describe('shared index', () => {
  test('re-exports the modules', () => {
    expect(shared.Role.ADMIN).toBe(20);
    expect(typeof shared.allows).toBe('function');
    expect(typeof shared.canEditPageContent).toBe('function');
    expect(typeof shared.canEditIssue).toBe('function');
    expect(shared.errorName(5000)).toBe('INSTANCE_NOT_CONFIGURED');
    expect(shared.STATE_GROUP_COLORS.started).toBe('#f59e0b');
    expect(typeof shared.applyDisplayFilterRules).toBe('function');
    expect(shared.SORT_ORDER_DEFAULT).toBe(65535);
    expect(shared.INBOX_FIRST_CURSOR).toBe('10:0:0');
    expect(typeof shared.parseDateFilter).toBe('function');
    expect(typeof shared.displayNames).toBe('function');
    expect(shared.PROTOCOL_VERSION).toBe(1);
    expect(typeof shared.uuidSchema.parse).toBe('function');
  });
});
