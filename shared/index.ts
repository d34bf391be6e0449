// One import point for everything in shared/ (constants, rules, helpers, schemas) used by server, collab and client.
export * from './roles';
export * from './permissions';
export * from './policies/actor';
export * from './policies/page';
export * from './policies/issue';
export * from './error-codes';
export * from './issue-constants';
export * from './display';
export * from './sort-order';
export * from './cursor';
export * from './date-filters';
export * from './names';
export * from './live-protocol';
export * from './schemas/common';
export * from './calendar-day';
