export * from './envelope';
export * from './codes';
export * from './auth';
export * from './workspace';
export * from './system';
export * from './workspaceName';
