import { site } from '../../content/landing.js';
import { SiteLogo } from './site-logo.js';

/**
 * The fixed header of the public pages: the landing offers signing up and the cabinet
 * (/dashboard, which sends a signed-out visitor on to /login); the documents offer the way home.
 */
export function SiteHeader({ action }: { action: 'sign-in' | 'back-link' | 'home-button' }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <SiteLogo />
        {action === 'sign-in' && (
          <nav className="site-header__account" aria-label={site.accountLabel}>
            <a href="/dashboard" className="button button--secondary">
              {site.signIn}
            </a>
            <a href="/register" className="button button--primary">
              {site.signUp}
            </a>
          </nav>
        )}
        {action === 'back-link' && (
          <a href="/" className="site-header__back">
            <span aria-hidden="true">←</span> {site.backHome}
          </a>
        )}
        {action === 'home-button' && (
          <a href="/" className="button button--secondary">
            {site.home}
          </a>
        )}
      </div>
    </header>
  );
}
