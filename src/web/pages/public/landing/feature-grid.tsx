import { features } from '../../../content/landing.js';
import { ContactLink } from './contact-link.js';

export function FeatureGrid() {
  return (
    <section className="landing-section landing-section--muted" id="features" aria-labelledby="features-title">
      <div className="landing-container">
        <h2 id="features-title" className="landing-section__title">
          {features.title}
        </h2>
        <p className="landing-section__lead">{features.lead}</p>
        <ol className="feature-grid">
          {features.items.map((feature, index) => (
            <li key={feature.title} className="feature-card">
              <span className="feature-card__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="feature-card__title">{feature.title}</h3>
              <p className="feature-card__text">{feature.text}</p>
            </li>
          ))}
        </ol>
        <aside className="promo-banner" aria-labelledby="presentation-title">
          <div>
            <h3 id="presentation-title" className="promo-banner__title">
              {features.bannerTitle}
            </h3>
            <p className="promo-banner__text">{features.bannerText}</p>
          </div>
          <ContactLink className="button button--inverse" icon={false}>
            {() => features.bannerButton}
          </ContactLink>
        </aside>
      </div>
    </section>
  );
}
