import { operator, site } from '../../content/landing.js';
import { SiteLogo } from './site-logo.js';
import './site-footer.css';

/** Footer of every public page: who sells the service, the legal documents, what the product is. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <SiteLogo />
          <p className="site-footer__tagline">{site.footerTagline}</p>
        </div>
        <section className="site-footer__legal" aria-labelledby="footer-legal-title">
          <h2 id="footer-legal-title" className="site-footer__heading">
            {site.legalTitle}
          </h2>
          <p>
            {operator.shortName}
            <br />
            {site.innLabel} {operator.inn}, {site.ogrnipLabel} {operator.ogrnip}
            <br />
            {operator.address}
            <br />
            {site.emailLabel}: <a href={`mailto:${operator.email}`}>{operator.email}</a>
          </p>
        </section>
        <nav className="site-footer__nav" aria-labelledby="footer-documents-title">
          <h2 id="footer-documents-title" className="site-footer__heading">
            {site.footerNavLabel}
          </h2>
          <ul>
            <li>
              <a href="/oferta">{site.offerLink}</a>
            </li>
            <li>
              <a href="/privacy">{site.privacyLink}</a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright">{site.copyright}</p>
    </footer>
  );
}
