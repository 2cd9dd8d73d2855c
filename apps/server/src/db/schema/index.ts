/*
 * The Drizzle schema, one file per owner of its tables (decision 043). Everything imports it from here
 * (db/schema); drizzle.config.ts reads the folder to generate migrations.
 */
export * from './accounts';
export * from './catalogue';
export * from './profiles';
export * from './images';
export * from './orders';
export * from './cart';
export * from './mail';
export * from './idempotency';
export * from './activity-log';
export * from './product-reviews';
