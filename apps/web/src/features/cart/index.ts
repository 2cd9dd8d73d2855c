// What the cart feature offers other features: the tools' Add to cart, the checkout's words for a line
// not ready and its summary panel; its pages are its own.
export { AddToCartForm } from './components/add-to-cart-form';
export { flagsOf } from './cart-line-flags';
export { CartSummary } from './components/cart-summary';
