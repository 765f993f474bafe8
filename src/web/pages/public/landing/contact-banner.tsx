import { contacts } from '../../../content/contacts.js';
import { OutboundLink } from '../outbound-link.js';
import { TelegramIcon } from './icons.js';

/** A call to action: a heading, a line of text and the messenger contact. */
export function ContactBanner({ id, title, text, button, tone }: { id: string; title: string; text: string; button: string; tone: 'light' | 'dark' }) {
  return (
    <section className={`contact-banner contact-banner--${tone}`} aria-labelledby={`${id}-title`}>
      <div className="landing-container contact-banner__inner">
        <h2 id={`${id}-title`} className="contact-banner__title">
          {title}
        </h2>
        <p className="contact-banner__text">{text}</p>
        <OutboundLink href={contacts.demoUrl} className={`button button--large ${tone === 'dark' ? 'button--inverse' : 'button--primary'}`}>
          <TelegramIcon />
          {button}
        </OutboundLink>
      </div>
    </section>
  );
}
