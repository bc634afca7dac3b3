export * from './schemas.ts';
export * from './settlement.ts';
export * from './statement.ts';
export * from './labels.ts';
