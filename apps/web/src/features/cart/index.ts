// What the cart feature offers other features: the tools' Add to cart; its pages are its own.
export { AddToCartForm } from './components/add-to-cart-form';
