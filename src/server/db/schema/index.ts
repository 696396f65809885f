// Every table of the one drizzle schema; drizzle-kit reads the area files, the app reads this index.
export * from './core.ts';
export * from './notifications.ts';
export * from './lookups.ts';
export * from './menus.ts';
export * from './auth.ts';
export * from './registration.ts';
export * from './idempotency.ts';
export * from './certification.ts';
