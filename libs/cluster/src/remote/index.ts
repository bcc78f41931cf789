export * from './wire.js';
export * from './rpc-client.js';
export * from './rpc-server.js';
export * from './remote-cluster-client.js';
export * from './serve-cluster.js';
