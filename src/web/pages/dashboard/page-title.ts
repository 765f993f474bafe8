import { useMatches } from 'react-router';

/** Route `handle` of a cabinet screen: its title shows in the top bar and as the page's h1. */
export interface TitledHandle {
  title: string;
}

export function titled(title: string): TitledHandle {
  return { title };
}

function isTitledHandle(handle: unknown): handle is TitledHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';
}

/** The title of the deepest matched route that has one. */
export function usePageTitle(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isTitledHandle(handle)) return handle.title;
  }
  return undefined;
}
