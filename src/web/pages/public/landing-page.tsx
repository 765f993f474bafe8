import { Link } from 'react-router';
import { messages } from '../../../contract/messages.js';
import { Brand } from '../../components/brand.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import './public.css';

const m = messages.landing;

/** The public home page. A short first version: the full landing of SPEC §2 replaces the hero. */
export function LandingPage() {
  useDocumentTitle(m.heroTitle);
  return (
    <>
      <a className="skip-link" href="#main">
        {messages.app.skipToContent}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Brand />
          <Link to="/dashboard" className="button button--primary">
            {m.signIn}
          </Link>
        </div>
      </header>
      <main id="main" className="landing">
        <section className="hero" aria-labelledby="hero-title">
          <h1 id="hero-title" className="hero__title">
            {m.heroTitle}
          </h1>
          <p className="hero__text">{m.heroText}</p>
          <Link to="/register" className="button button--primary hero__cta">
            {m.register}
          </Link>
        </section>
      </main>
    </>
  );
}
