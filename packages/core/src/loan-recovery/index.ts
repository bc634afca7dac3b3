export * from './shares.ts';
export * from './schemas.ts';
export * from './labels.ts';
