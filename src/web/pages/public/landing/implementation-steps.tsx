import { implementation } from '../../../content/landing.js';

export function ImplementationSteps() {
  return (
    <section className="landing-section landing-section--muted" id="implementation" aria-labelledby="implementation-title">
      <div className="landing-container">
        <h2 id="implementation-title" className="landing-section__title">
          {implementation.title}
        </h2>
        <p className="landing-section__lead">{implementation.lead}</p>
        <ol className="steps">
          {implementation.steps.map((step, index) => (
            <li key={step.title} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <p className="step__days">{step.days}</p>
              <h3 className="step__title">{step.title}</h3>
              <p className="step__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
