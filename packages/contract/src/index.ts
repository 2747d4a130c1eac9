export * from './errors';
export * from './organizations';
export * from './users';
export * from './auth';
export * from './health';
export * from './sku-settings';
export * from './catalog';
export * from './activity';
