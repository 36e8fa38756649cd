// msw's `http` namespace, from the entry the installed release serves it from (msw-guard.ts,
// mswHttpEntry), so one source runs on msw 2 and msw 3. An import of msw's root entry would
// find it under either, but loads msw's WebSocket API too (see msw.ts). The CommonJS build,
// which cannot await, gets a require of the same entry in its place (tsup.config.ts).
import type { http as MswHttp } from 'msw';
import { mswHttpEntry } from '../msw-guard.js';

/** msw's `http` request handler factories. */
// The comments tell webpack and vite that the specifier is computed on purpose.
export const { http } = (await import(
  /* webpackIgnore: true */ /* @vite-ignore */ mswHttpEntry()
)) as { http: typeof MswHttp };
