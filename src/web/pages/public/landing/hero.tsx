import { contacts } from '../../../content/contacts.js';
import { hero } from '../../../content/landing.js';
import { OutboundLink } from '../outbound-link.js';
import { CheckIcon, TelegramIcon } from './icons.js';
import { VideoPlayer } from './video-player.js';

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="landing-container hero__grid">
        <div className="hero__text">
          <p className="hero__eyebrow">{hero.eyebrow}</p>
          <h1 id="hero-title" className="hero__title">
            {hero.title}
          </h1>
          <ul className="hero__benefits" aria-label={hero.benefitsLabel}>
            {hero.benefits.map((benefit) => (
              <li key={benefit}>
                <CheckIcon className="hero__benefit-icon" />
                {benefit}
              </li>
            ))}
          </ul>
          <div className="hero__actions">
            <OutboundLink href={contacts.demoUrl} className="button button--primary button--large">
              <TelegramIcon />
              {hero.demo}
            </OutboundLink>
            <p className="hero__hint">{hero.demoHint}</p>
          </div>
        </div>
        <VideoPlayer />
      </div>
      <div className="landing-container">
        <dl className="hero__stats">
          {hero.stats.map((stat) => (
            <div key={stat.label} className="hero__stat">
              <dt className="hero__stat-label">{stat.label}</dt>
              <dd className="hero__stat-value">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
