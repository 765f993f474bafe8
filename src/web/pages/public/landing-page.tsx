import { callToAction, finalContact, pageMeta } from '../../content/landing.js';
import { BrandStrip } from './landing/brand-strip.js';
import { ContactBanner } from './landing/contact-banner.js';
import { Faq } from './landing/faq.js';
import { FeatureGrid } from './landing/feature-grid.js';
import { Hero } from './landing/hero.js';
import { ImplementationSteps } from './landing/implementation-steps.js';
import { PlatformScreens } from './landing/platform-screens.js';
import { PriceList } from './landing/price-list.js';
import { ProjectGrid } from './landing/project-grid.js';
import { ReceiptScanner } from './landing/receipt-scanner.js';
import { PublicPage } from './public-page.js';
import { usePageMeta } from './use-page-meta.js';
import './landing/landing.css';

/** The public home page (SPEC §2 Landing page); its texts and lists live in content/landing.ts. */
export function LandingPage() {
  usePageMeta({ ...pageMeta.landing, path: '/' });
  return (
    <PublicPage header="sign-in" className="landing">
      <Hero />
      <ReceiptScanner />
      <FeatureGrid />
      <PlatformScreens />
      <BrandStrip />
      <ImplementationSteps />
      <PriceList />
      <ProjectGrid />
      <ContactBanner id="cta" tone="light" {...callToAction} />
      <Faq />
      <ContactBanner id="contact" tone="dark" {...finalContact} />
    </PublicPage>
  );
}
