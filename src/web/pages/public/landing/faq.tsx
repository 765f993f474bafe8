import { useId, useState } from 'react';
import { faq } from '../../../content/landing.js';

/** SPEC §4: one answer open at a time; pressing the open question closes it. */
export function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  return (
    <section className="landing-section" id="faq" aria-labelledby="faq-title">
      <div className="landing-container landing-container--narrow">
        <h2 id="faq-title" className="landing-section__title">
          {faq.title}
        </h2>
        <div className="faq">
          {faq.items.map((item, index) => {
            const expanded = open === index;
            const panelId = `${id}-answer-${index}`;
            const buttonId = `${id}-question-${index}`;
            return (
              <div key={item.question} className="faq__item">
                <h3 className="faq__question">
                  <button
                    type="button"
                    id={buttonId}
                    className="faq__toggle"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : index)}
                  >
                    {item.question}
                    <span className="faq__chevron" aria-hidden="true" />
                  </button>
                </h3>
                <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!expanded}>
                  <p>{item.answer}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
