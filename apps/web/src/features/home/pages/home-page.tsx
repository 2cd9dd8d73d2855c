import { BusinessSummary } from '../components/business-summary';
import { ContactSection } from '../components/contact-section';
import { FaqSection } from '../components/faq-section';
import { FeaturedTools } from '../components/featured-tools';
import { Hero } from '../components/hero';
import { ReviewsSection } from '../components/reviews-section';

export function HomePage() {
  return (
    <>
      <Hero />
      <FeaturedTools />
      <BusinessSummary />
      <ReviewsSection />
      <FaqSection />
      <ContactSection />
    </>
  );
}
