// Every table of the database, for drizzle (relational queries) and drizzle-kit (migrations).
// user.ts comes first: columns.ts and user.ts import each other (see columns.ts).
export * from './user';
export * from './instance';
export * from './workspace';
export * from './project';
export * from './state';
export * from './label';
export * from './estimate';
export * from './issue';
export * from './cycle';
export * from './module';
export * from './view';
export * from './page';
export * from './favorite';
export * from './intake';
export * from './notification';
export * from './dashboard';
export * from './webhook';
export * from './changes';
export * from './job';
export * from './export';
export * from './integration';
export * from './analytics';
