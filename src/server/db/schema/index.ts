// Every table of the one drizzle schema; drizzle-kit reads the area files, the app reads this index.
export * from './core.ts';
export * from './notifications.ts';
