// Kept only for mock/, which imports the two paths from here until its own layout lands:
// the configuration lives in core/config.ts.
export { API_BASE_PATH, INBOUND_FULFILLMENT_PATH } from './core/config.js';
