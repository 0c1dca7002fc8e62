export * from './badge';
export * from './expiry';
export * from './message';
export * from './reminders';
