import { projects } from '../../../content/landing.js';
import { FallbackImage } from '../fallback-image.js';
import { OutboundLink } from '../outbound-link.js';

export function ProjectGrid() {
  return (
    <section className="landing-section" id="projects" aria-labelledby="projects-title">
      <div className="landing-container">
        <h2 id="projects-title" className="landing-section__title">
          {projects.title}
        </h2>
        <p className="landing-section__lead">{projects.lead}</p>
        <ul className="project-grid">
          {projects.items.map((project) => (
            <li key={project.name} className="project-card">
              <div className="project-card__head">
                <FallbackImage className="project-card__logo" src={project.logo} alt="" width={56} height={56} loading="lazy" />
                <div>
                  <h3 className="project-card__name">{project.name}</h3>
                  <p className="project-card__category">{project.category}</p>
                </div>
              </div>
              <p className="project-card__text">{project.text}</p>
              <OutboundLink href={project.botUrl} className="button button--secondary project-card__link">
                {projects.viewBot}
                <span className="visually-hidden"> «{project.name}»</span>
              </OutboundLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
