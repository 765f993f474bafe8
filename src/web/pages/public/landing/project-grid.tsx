import { projects as texts } from '../../../content/landing.js';
import { OutboundLink } from '../outbound-link.js';
import { exampleProjectsOf, useOperatorDetails } from '../use-operator-details.js';
import { Monogram } from './monogram.js';

/** The operator's example projects (`example_projects`), each with its bot link when it has one. */
export function ProjectGrid() {
  const projects = exampleProjectsOf(useOperatorDetails());
  if (projects.length === 0) return null;
  return (
    <section className="landing-section" id="projects" aria-labelledby="projects-title">
      <div className="landing-container">
        <h2 id="projects-title" className="landing-section__title">
          {texts.title}
        </h2>
        <p className="landing-section__lead">{texts.lead}</p>
        <ul className="project-grid">
          {projects.map((project) => (
            <li key={project.name} className="project-card">
              <div className="project-card__head">
                <Monogram className="project-card__logo" name={project.name} />
                <div>
                  <h3 className="project-card__name">{project.shownName}</h3>
                  {project.category && <p className="project-card__category">{project.category}</p>}
                </div>
              </div>
              {project.text && <p className="project-card__text">{project.text}</p>}
              {project.url && (
                <OutboundLink href={project.url} className="button button--secondary project-card__link">
                  {texts.viewBot}
                  <span className="visually-hidden"> «{project.name}»</span>
                </OutboundLink>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
