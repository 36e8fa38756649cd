// What createWebhookHandler throws for a set of options at creation, for tests of its checks.
import { createWebhookHandler } from '../../src/index.js';

/**
 * The error createWebhookHandler throws for `options`, or undefined when it creates a handler.
 *
 * @param options - The options as a caller might pass them, typed or not.
 */
export function creationError(options: unknown): unknown {
  try {
    createWebhookHandler(options as never);
  } catch (error) {
    return error;
  }
  return undefined;
}
