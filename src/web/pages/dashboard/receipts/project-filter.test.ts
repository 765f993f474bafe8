import { describe, expect, it } from 'vitest';
import { parseProjectFilter, projectFilterOptions } from './project-filter.js';

describe('project filter options', () => {
  it('lists the actions by name, and an unnamed one as «Проект #id»', () => {
    expect(
      projectFilterOptions({
        actions: [
          { id: 3, name: 'Aurora' },
          { id: 7, name: '  ' },
        ],
      }),
    ).toEqual([
      { id: 3, label: 'Aurora' },
      { id: 7, label: 'Проект #7' },
    ]);
  });

  it('adds deleted actions known from receipts once, after the live ones', () => {
    const options = projectFilterOptions({
      actions: [{ id: 3, name: 'Aurora' }],
      receipts: [
        { project_id: 2, project_name: 'Старая акция' },
        { project_id: 3, project_name: 'Aurora' },
        { project_id: 2, project_name: 'Старая акция' },
        { project_id: 1, project_name: 'Неизвестный проект' },
        { project_id: null, project_name: 'Неизвестный проект' },
      ],
    });
    expect(options).toEqual([
      { id: 3, label: 'Aurora' },
      { id: 2, label: 'Старая акция' },
      { id: 1, label: 'Проект #1' },
    ]);
  });

  it('marks deleted actions of the list as deleted, and still names them', () => {
    expect(
      projectFilterOptions({
        actions: [
          { id: 3, name: 'Aurora', is_deleted: false },
          { id: 2, name: 'Старая акция', is_deleted: true },
          { id: 1, name: ' ', is_deleted: true },
        ],
        receipts: [{ project_id: 2, project_name: 'Старая акция' }],
      }),
    ).toEqual([
      { id: 3, label: 'Aurora' },
      { id: 2, label: 'Старая акция (удалена)' },
      { id: 1, label: 'Проект #1 (удалена)' },
    ]);
  });

  it('keeps the chosen project selectable even when nothing else names it', () => {
    expect(projectFilterOptions({ actions: [], selectedId: 9 })).toEqual([{ id: 9, label: 'Проект #9' }]);
    expect(projectFilterOptions({ actions: [{ id: 9, name: 'Aurora' }], selectedId: 9 })).toEqual([{ id: 9, label: 'Aurora' }]);
  });
});

describe('project filter in the address', () => {
  it.each([
    ['12', 12],
    [null, null],
    ['', null],
    ['all', null],
    ['-1', null],
    ['1.5', null],
  ])('%s → %s', (raw, id) => expect(parseProjectFilter(raw)).toBe(id));
});
