import { site } from '../../content/landing.js';
import { hasRequisites, registrationLine, type Requisites } from '../../content/requisites.js';
import { SiteLogo } from './site-logo.js';
import { requisitesOf, useOperatorDetails } from './use-operator-details.js';
import './site-footer.css';

/**
 * Footer of every public page: who sells the service (the operator's details from the settings;
 * the block is left out while none is set), the legal documents, what the product is.
 */
export function SiteFooter() {
  const details = useOperatorDetails();
  const requisites = requisitesOf(details);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <SiteLogo />
          <p className="site-footer__tagline">{site.footerTagline}</p>
        </div>
        {hasRequisites(requisites) && (
          <FooterRequisites requisites={requisites} email={details?.contact_email} telegram={details?.contact_telegram} />
        )}
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

/** `email` and `telegram` are the addresses the links open; `requisites` has them as shown. */
function FooterRequisites({ requisites, email, telegram }: { requisites: Requisites; email?: string | null; telegram?: string | null }) {
  const registration = registrationLine(requisites);
  return (
    <section className="site-footer__legal" aria-labelledby="footer-legal-title">
      <h2 id="footer-legal-title" className="site-footer__heading">
        {site.legalTitle}
      </h2>
      <p>
        {[requisites.name, registration, requisites.address].filter(Boolean).map((line) => (
          <span key={line} className="site-footer__line">
            {line}
          </span>
        ))}
        {email && (
          <span className="site-footer__line">
            {site.emailLabel}: <a href={`mailto:${email}`}>{requisites.email}</a>
          </span>
        )}
        {telegram && (
          <span className="site-footer__line">
            {site.telegramLabel}: <a href={telegram}>{requisites.telegram}</a>
          </span>
        )}
      </p>
    </section>
  );
}
