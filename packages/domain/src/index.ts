export * from './roles.ts';
export * from './money.ts';
export * from './messages.ts';
export * from './api.ts';
export * from './schemas.ts';
export * from './permissions.ts';
