export * from './badge';
export * from './calls';
export * from './expiry';
export * from './inbox';
export * from './message';
export * from './reminder-panel';
export * from './reminders';
export * from './unread';
