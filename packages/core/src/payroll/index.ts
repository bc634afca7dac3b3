export * from './deductions.ts';
export * from './layouts.ts';
export * from './schemas.ts';
