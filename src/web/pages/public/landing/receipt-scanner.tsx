import { marketplaces, receiptScanner } from '../../../content/landing.js';
import { FallbackImage } from '../fallback-image.js';
import { CheckIcon } from './icons.js';

export function ReceiptScanner() {
  return (
    <section className="landing-section" id="scanner" aria-labelledby="scanner-title">
      <div className="landing-container">
        <h2 id="scanner-title" className="landing-section__title">
          {receiptScanner.title}
        </h2>
        <p className="landing-section__lead">{receiptScanner.lead}</p>
        <ol className="check-cards">
          {receiptScanner.checks.map((check) => (
            <li key={check.title} className="check-card">
              <CheckIcon className="check-card__icon" />
              <h3 className="check-card__title">{check.title}</h3>
              <p className="check-card__text">{check.text}</p>
            </li>
          ))}
        </ol>
        <div className="marketplaces">
          <h3 className="marketplaces__title">{receiptScanner.marketplacesTitle}</h3>
          <ul className="marketplaces__list">
            {marketplaces.map((marketplace) => (
              <li key={marketplace.name}>
                <FallbackImage
                  className="marketplaces__logo"
                  src={marketplace.logo}
                  alt={marketplace.name}
                  width={marketplace.width}
                  height={40}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
          <p className="marketplaces__note">{receiptScanner.marketplacesNote}</p>
        </div>
      </div>
    </section>
  );
}
