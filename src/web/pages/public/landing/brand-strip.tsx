import { brands } from '../../../content/landing.js';
import { exampleProjectsOf, useOperatorDetails } from '../use-operator-details.js';
import { Monogram } from './monogram.js';

/** The operator's example projects by name; left out while `example_projects` is unset. */
export function BrandStrip() {
  const projects = exampleProjectsOf(useOperatorDetails());
  if (projects.length === 0) return null;
  return (
    <section className="landing-section landing-section--compact" id="brands" aria-labelledby="brands-title">
      <div className="landing-container">
        <h2 id="brands-title" className="landing-section__title landing-section__title--small">
          {brands.title}
        </h2>
        <ul className="brand-strip">
          {projects.map((brand) => (
            <li key={brand.name} className="brand-strip__item">
              <Monogram className="brand-strip__logo" name={brand.name} />
              <span className="brand-strip__name">{brand.shownName}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
