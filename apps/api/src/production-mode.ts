// Imported first by main.ts: libraries read NODE_ENV when they load (graphql-js checks every type test
// across realms outside production, a large share of a query's time), so the server sets it before any
// of them is imported. A NODE_ENV given by the caller is kept.
process.env.NODE_ENV ??= 'production';
