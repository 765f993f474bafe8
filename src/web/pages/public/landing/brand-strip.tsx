import { brands } from '../../../content/landing.js';
import { FallbackImage } from '../fallback-image.js';

export function BrandStrip() {
  return (
    <section className="landing-section landing-section--compact" id="brands" aria-labelledby="brands-title">
      <div className="landing-container">
        <h2 id="brands-title" className="landing-section__title landing-section__title--small">
          {brands.title}
        </h2>
        <ul className="brand-strip">
          {brands.items.map((brand) => (
            <li key={brand.name} className="brand-strip__item">
              <FallbackImage className="brand-strip__logo" src={brand.logo} alt="" width={48} height={48} loading="lazy" />
              <span className="brand-strip__name">{brand.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
