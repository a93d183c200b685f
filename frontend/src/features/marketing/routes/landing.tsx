// Landing page `/` (docs/screens.md#landing-page).
import { useDocumentTitle } from '@/hooks/use-document-title';
import { CoverageBlock } from '../components/coverage-block';
import { FaqSection } from '../components/faq-section';
import { FeatureCards } from '../components/feature-cards';
import { Hero } from '../components/hero';
import { MarketingShell } from '../components/marketing-shell';
import { PartnerStrip } from '../components/partner-strip';
import { PricingSection } from '../components/pricing-section';
import { ResidentialBlock } from '../components/residential-block';
import { useHashScroll } from '../components/use-hash-scroll';

export default function LandingPage() {
  useHashScroll();
  useDocumentTitle('Residential, Mobile and Datacenter Proxies');
  return (
    <MarketingShell>
      <Hero />
      <PartnerStrip />
      <FeatureCards />
      <ResidentialBlock />
      <CoverageBlock />
      <PricingSection />
      <FaqSection />
    </MarketingShell>
  );
}
