export * from './schedule.ts';
export * from './products.ts';
export * from './repayments.ts';
export * from './product-schema.ts';
export * from './application-schema.ts';
export * from './contracts.ts';
export * from './labels.ts';
