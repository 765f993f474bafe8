import { hero } from '../../../content/landing.js';
import { useOperatorDetails } from '../use-operator-details.js';
import { ContactLink } from './contact-link.js';
import { CheckIcon } from './icons.js';
import { VideoPlayer } from './video-player.js';

/** The hero; its video is the operator's `demo_video_url`, and the hero has none while it is unset. */
export function Hero() {
  const videoUrl = useOperatorDetails()?.demo_video_url;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className={`landing-container hero__grid${videoUrl ? '' : ' hero__grid--text'}`}>
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
            <a href="/register" className="button button--primary button--large">
              {hero.tryFree}
            </a>
            <ContactLink className="button button--secondary button--large">{() => hero.demo}</ContactLink>
            <p className="hero__hint">{hero.tryFreeHint}</p>
          </div>
        </div>
        {videoUrl && <VideoPlayer embedUrl={videoUrl} />}
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
