export * from './core.ts';
export * from './settings.ts';
export * from './users-extra.ts';
export * from './files.ts';
export * from './calendar.ts';
export * from './clients.ts';
export * from './documents-flow.ts';
export * from './contracts.ts';
