import { describe, expect, test } from 'vitest';
import { LABEL_PALETTE, nextLabelColor } from './label-colors';

describe('new label colours', () => {
  test('the first labels of a project all get different colours', () => {
    const colors: string[] = [];
    for (let index = 0; index < LABEL_PALETTE.length; index++) colors.push(nextLabelColor(colors));
    expect(new Set(colors).size).toBe(LABEL_PALETTE.length);
  });

  test('after a full round the least used colour comes next, whatever the case or foreign colours', () => {
    expect(nextLabelColor([])).toBe(LABEL_PALETTE[0]);
    expect(nextLabelColor([LABEL_PALETTE[0].toUpperCase(), '#123456', null])).toBe(LABEL_PALETTE[1]);
    const allButThird = LABEL_PALETTE.filter((_, index) => index !== 2);
    expect(nextLabelColor([...LABEL_PALETTE, ...allButThird])).toBe(LABEL_PALETTE[2]);
  });
});
