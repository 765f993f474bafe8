import type { ReactNode } from 'react';
import { Brand } from '../../components/brand.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { SiteFooter } from '../public/site-footer.js';
import './auth.css';

/** The frame of /login and /register: product mark above one centred card, and the public footer (SPEC §2). */
export function AuthScreen({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="auth-page">
      <div className="auth-screen">
        <header className="auth-screen__header">
          <Brand />
        </header>
        <main className="auth-card">
          <h1 className="auth-card__title">{title}</h1>
          {lead && <p className="auth-card__lead">{lead}</p>}
          {children}
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
