// Moved to signatures/; kept so that the modules still importing this path (src/http.ts,
// mock/, tests) build until they import from signatures/index.js. Delete at merge.
export * from './signatures/index.js';
