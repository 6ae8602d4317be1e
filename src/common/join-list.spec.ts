import { joinList } from './join-list';

describe('joinList', () => {
  it.each([
    [[], ''],
    [['Mara'], 'Mara'],
    [[2, 5], '2 and 5'],
    [['dark', 'funny', 'warm'], 'dark, funny and warm'],
  ])('writes %j as "%s"', (items, expected) => {
    expect(joinList(items)).toBe(expected);
  });
});
