// The `intent`s of the order forms that post to a route action. A module of their own, without zod: the
// pages that show the forms load it in the browser, while the actions' module (order-requests.ts) builds
// its schemas as it loads.

/** Buy again, which posts to the cart's route action (from an order's page or My Orders). */
export const BUY_AGAIN_INTENT = 'buy-again';

/** My Orders' delete, which posts to My Orders' route action. */
export const DELETE_ORDER_INTENT = 'delete-order';
