// What the orders feature offers other features (the admin's Manage All Orders); its pages are its own.
export { CancelOrderDialog } from './components/cancel-order-dialog';
export { OrderDetailDialog } from './components/order-detail-dialog';
export { OrderListControls, STATUS_FILTER_LABELS } from './components/order-list-controls';
export { ShipOrderDialog } from './components/ship-order-dialog';
