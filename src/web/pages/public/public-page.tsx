import type { ReactNode } from 'react';
import { site } from '../../content/landing.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';
import './public.css';

/** Frame of a public page: skip link, fixed header, the page's content, footer; fades in once shown. */
export function PublicPage({
  header,
  className = '',
  children,
}: {
  header: Parameters<typeof SiteHeader>[0]['action'];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="public-page">
      <a className="skip-link" href="#main">
        {site.skipToContent}
      </a>
      <SiteHeader action={header} />
      <main id="main" className={`public-main ${className}`} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
