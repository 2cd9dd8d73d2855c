// What the reviews feature offers other features (the home page's latest reviews); its pages are its own.
export { ReviewCard } from './components/review-card';
