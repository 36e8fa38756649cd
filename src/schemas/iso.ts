// z.iso.datetime without z.iso: reading that namespace pulls every ISO format (date, time,
// duration, with their patterns) into a bundle; this builds the same schema the same way
// (zod/mini's iso.datetime is exactly this call) and nothing else.
import * as z from 'zod/mini';
import { _isoDateTime } from 'zod/v4/core';

/**
 * `z.iso.datetime(params)`, built without the `z.iso` namespace. Not re-exported.
 *
 * @param params - As for `z.iso.datetime`.
 * @returns The same schema `z.iso.datetime(params)` returns.
 * @internal
 */
export function isoDateTime(params?: Parameters<typeof z.iso.datetime>[0]): z.ZodMiniISODateTime {
  return _isoDateTime(z.ZodMiniISODateTime, params);
}
