import { ContactLink } from './contact-link.js';

/** A call to action: a heading, a line of text and the operator's contact (`buttonEmail` when it is e-mail). */
export function ContactBanner({
  id,
  title,
  text,
  button,
  buttonEmail = button,
  tone,
}: {
  id: string;
  title: string;
  text: string;
  button: string;
  buttonEmail?: string;
  tone: 'light' | 'dark';
}) {
  return (
    <section className={`contact-banner contact-banner--${tone}`} aria-labelledby={`${id}-title`}>
      <div className="landing-container contact-banner__inner">
        <h2 id={`${id}-title`} className="contact-banner__title">
          {title}
        </h2>
        <p className="contact-banner__text">{text}</p>
        <ContactLink className={`button button--large ${tone === 'dark' ? 'button--inverse' : 'button--primary'}`}>
          {(channel) => (channel === 'telegram' ? button : buttonEmail)}
        </ContactLink>
      </div>
    </section>
  );
}
