import { describe, expect, it } from 'vitest';
import { dashboardSections, sectionCurrent } from './sections.js';

const [actions, shop] = dashboardSections;

describe('sectionCurrent', () => {
  it("marks the section's own page", () => {
    expect(sectionCurrent(actions!, '/dashboard')).toBe('page');
    expect(sectionCurrent(actions!, '/dashboard/')).toBe('page');
    expect(sectionCurrent(shop!, '/dashboard/shop')).toBe('page');
  });

  it("marks an action's pages as inside 'Мои акции'", () => {
    expect(sectionCurrent(actions!, '/dashboard/action/12')).toBe('true');
    expect(sectionCurrent(actions!, '/dashboard/action/create')).toBe('true');
  });

  it('leaves other sections unmarked', () => {
    expect(sectionCurrent(actions!, '/dashboard/shop')).toBeUndefined();
    expect(sectionCurrent(shop!, '/dashboard')).toBeUndefined();
    expect(sectionCurrent(shop!, '/dashboard/shopping')).toBeUndefined();
  });
});

describe('dashboard sections', () => {
  it('«Аналитика» comes right after «Покупатели»', () => {
    const paths = dashboardSections.map((section) => section.to);
    expect(paths.indexOf('/dashboard/analytics')).toBe(paths.indexOf('/dashboard/buyers') + 1);
  });
});
