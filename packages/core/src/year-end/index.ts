export * from './exact.ts';
export * from './appropriation.ts';
export * from './balances.ts';
export * from './methods.ts';
export * from './distribution.ts';
export * from './schemas.ts';
export * from './pack-schemas.ts';
