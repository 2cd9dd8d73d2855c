// What the product-reviews feature offers the product page's route.
export { ProductReviewsSection } from './components/product-reviews-section';
