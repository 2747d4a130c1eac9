export * from './emulator-app';
export * from './faults';
export * from './random';
export * from './recorder';
export * from './webhooks';
export * from './catalogue';
export * from './emulator';
export * from './clock';
