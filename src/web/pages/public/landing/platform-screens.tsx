import { platform } from '../../../content/landing.js';
import { FallbackImage } from '../fallback-image.js';

/** Screenshots of the real cabinet (made by scripts/screenshots.ts), 640 and 1280 px wide. */
export function PlatformScreens() {
  return (
    <section className="landing-section" id="platform" aria-labelledby="platform-title">
      <div className="landing-container">
        <h2 id="platform-title" className="landing-section__title">
          {platform.title}
        </h2>
        <p className="landing-section__lead">{platform.lead}</p>
        <ul className="platform-screens">
          {platform.screens.map((screen) => (
            <li key={screen.title} className="platform-screen">
              <div className="platform-screen__frame">
                <FallbackImage
                  className="platform-screen__image"
                  src={`${screen.image}-1280.webp`}
                  srcSet={`${screen.image}-640.webp 640w, ${screen.image}-1280.webp 1280w`}
                  sizes="(min-width: 60rem) 40rem, calc(100vw - 2.5rem)"
                  alt={screen.title}
                  width={platform.imageWidth}
                  height={platform.imageHeight}
                  loading="lazy"
                  decoding="async"
                />
              </div>
              <div className="platform-screen__text">
                <h3 className="platform-screen__title">{screen.title}</h3>
                <p>{screen.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
