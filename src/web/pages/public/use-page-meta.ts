import { useEffect } from 'react';
import { siteOrigin } from '../../content/landing.js';

export interface PageMeta {
  title: string;
  description: string;
  /** The page's path, for og:url. */
  path: string;
}

/** Names the tab and updates the description and Open Graph tags (index.html carries the landing's defaults). */
export function usePageMeta({ title, description, path }: PageMeta): void {
  useEffect(() => {
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', `${siteOrigin}${path}`);
  }, [title, description, path]);
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}
