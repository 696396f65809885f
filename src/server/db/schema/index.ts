// Every table of the one drizzle schema, one file per area; drizzle-kit reads the area files, the app reads
// this index.
export * from './core.ts';
export * from './notifications.ts';
export * from './lookups.ts';
export * from './menus.ts';
export * from './auth.ts';
export * from './plans.ts';
export * from './uploads.ts';
export * from './enrollments.ts';
export * from './payments.ts';
export * from './idempotency.ts';
export * from './rooms.ts';
export * from './staff.ts';
export * from './tickets.ts';
export * from './scores.ts';
export * from './certificates.ts';
export * from './settings.ts';
export * from './feedbacks.ts';
export * from './runtime.ts';
export * from './questions.ts';
export * from './exams.ts';
export * from './courses.ts';
export * from './training.ts';
export * from './content.ts';
