import type { Review } from '@toolshop/shared/review';
import type { Tool } from '@toolshop/shared/tool';
import { BusinessSummary } from '../components/business-summary';
import { ContactSection } from '../components/contact-section';
import { FaqSection } from '../components/faq-section';
import { FeaturedTools } from '../components/featured-tools';
import { Hero } from '../components/hero';
import { ReviewsSection } from '../components/reviews-section';

export interface HomeData {
  tools: Tool[];
  reviews: Review[];
}

export function HomePage({ tools, reviews }: HomeData) {
  return (
    <>
      <Hero />
      <FeaturedTools tools={tools} />
      <BusinessSummary />
      <ReviewsSection reviews={reviews} />
      <FaqSection />
      <ContactSection />
    </>
  );
}
