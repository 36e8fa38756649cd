// The dispatch over the service's routes: which route answers a request, the guard in front
// of every route that declares a scope, the 307 for a trailing slash, and the JSON 400
// (malformed path), 405 (known path, other method), 404 and 500 answers. The intake
// (intake.ts) calls dispatch, for every request whichever adapter brought it.
import type { MockApiKey, Scope } from '../rules/keys.js';
import type { RouteRequest, RouteResponse } from './requests.js';
import { fail } from './responses.js';

/** A route's path parameters, percent-decoded. */
export type RouteParams = Readonly<Record<string, string>>;

/** One endpoint: a method, a path under the host URL, and what it answers. */
export interface Route {
  /** Upper-case method. */
  readonly method: string;
  /** Path under the host URL; `:name` matches one non-empty segment. */
  readonly path: string;
  /** The scope an API route requires: the router runs the guard first and hands on the key. */
  readonly scope?: Scope;
  /** The answer; a thrown error becomes a JSON 500. */
  readonly handle: (
    request: RouteRequest,
    params: RouteParams,
    key: MockApiKey | undefined,
  ) => RouteResponse | Promise<RouteResponse>;
}

/** The checks in front of a scoped route: the key, or the error answer to send. */
export type Guard = (
  request: RouteRequest,
  scope: Scope,
) => { ok: true; key: MockApiKey } | { ok: false; response: RouteResponse };

interface CompiledPath {
  // A literal, or the parameter's name after ':'.
  readonly segments: readonly string[];
  readonly routes: Map<string, Route>;
  readonly allow: string;
}

/**
 * Matches requests to routes as the FastAPI service does: literals compared
 * case-sensitively (`/API/V1/...` is an unknown path, 404), parameters percent-decoded, and
 * a path that matches a route once its trailing slashes are gone redirected there (307).
 */
export class Router {
  private readonly origin: string;
  private readonly prefix: string;
  private readonly paths: CompiledPath[] = [];

  /**
   * @param hostUrl - The origin (and optional path prefix) the routes live under, without a
   *   trailing slash.
   * @param routes - The routes; the first path declared for a method wins.
   * @param guard - Runs before every route that declares a scope.
   */
  constructor(
    hostUrl: string,
    routes: readonly Route[],
    private readonly guard?: Guard,
  ) {
    const host = new URL(hostUrl);
    this.origin = host.origin;
    // The host URL comes normalized (mock/options.ts): its path prefix has no trailing slash.
    this.prefix = hostUrl.slice(this.origin.length);
    const byPath = new Map<string, CompiledPath>();
    for (const route of routes) {
      let compiled = byPath.get(route.path);
      if (!compiled) {
        compiled = { segments: route.path.split('/'), routes: new Map(), allow: '' };
        byPath.set(route.path, compiled);
        this.paths.push(compiled);
      }
      if (!compiled.routes.has(route.method)) compiled.routes.set(route.method, route);
    }
    for (const compiled of this.paths) {
      (compiled as { allow: string }).allow = [...compiled.routes.keys()].join(', ');
    }
  }

  /**
   * Every method and path the routes answer, in matching order: what the OpenAPI documents
   * must describe, no more and no less.
   */
  endpoints(): { method: string; path: string }[] {
    return this.paths.flatMap(({ segments, routes }) =>
      [...routes.keys()].map((method) => ({ method, path: segments.join('/') })),
    );
  }

  /**
   * Whether a URL is on the service's host URL (every such request gets an answer).
   *
   * @param url - The request URL.
   */
  owns(url: URL): boolean {
    if (url.origin !== this.origin) return false;
    return url.pathname.startsWith(`${this.prefix}/`);
  }

  /**
   * Whether a path pattern (exact, or a prefix when it ends in `*`) can match a request that
   * some route answers, whatever its method: a fault rule that cannot would never apply.
   *
   * @param pattern - A path after the host URL, as fault rules give it.
   * @param among - Which route paths count (fault rules leave the control routes out).
   */
  reaches(pattern: string, among: (routePath: string) => boolean = () => true): boolean {
    const paths = this.paths.filter(({ segments }) => among(segments.join('/')));
    if (!pattern.endsWith('*')) {
      const path = pattern.length > 1 && pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
      const segments = path.split('/');
      try {
        return paths.some((compiled) => match(compiled.segments, segments) !== undefined);
      } catch {
        return false; // malformed percent-encoding: no request path decodes to it
      }
    }
    const prefix = pattern.slice(0, -1);
    return paths.some(({ segments }) => {
      const at = segments.findIndex((segment) => segment.startsWith(':'));
      // A route without parameters answers its path, and the path with a trailing slash
      // (with a redirect); one with parameters answers anything after the literal part
      // before the first one.
      if (at === -1) return `${segments.join('/')}/`.startsWith(prefix);
      const literal = `${segments.slice(0, at).join('/')}/`;
      return literal.startsWith(prefix) || prefix.startsWith(literal);
    });
  }

  /**
   * Answers one request on the host URL ({@link Router.owns}).
   *
   * @param request - The request.
   */
  dispatch(request: RouteRequest): RouteResponse | Promise<RouteResponse> {
    let path = request.url.pathname;
    try {
      decodeURIComponent(path);
    } catch {
      return fail(400, 'Malformed percent-encoding in the request path');
    }
    path = path.slice(this.prefix.length);
    const segments = path.split('/');
    let allow: string | undefined;
    for (const compiled of this.paths) {
      const params = match(compiled.segments, segments);
      if (!params) continue;
      const route = compiled.routes.get(request.method);
      if (route) return this.run(route, request, params);
      allow ??= compiled.allow;
    }
    if (allow !== undefined) return fail(405, 'Method Not Allowed', { allow });
    return this.withoutSlash(path, request.url.search) ?? fail(404, 'Not Found');
  }

  // Starlette's `redirect_slashes` (on in FastAPI by default): a path no route matches, that
  // one does once its trailing slashes are stripped, answers 307 to that path, query kept,
  // whatever the method (a 405 comes after the redirect) and before any guard. The Location
  // is relative (`../orders?limit=5` for `.../orders/?limit=5`): the router sees the host
  // URL, and over node:http the client called another origin, with no path prefix, so only
  // a relative reference leads back to it on both transports. FastAPI's body is empty; this
  // one keeps the mock's rule that every non-2xx answer is JSON with a `detail`.
  private withoutSlash(path: string, search: string): RouteResponse | undefined {
    const trimmed = path.replace(/\/+$/, '');
    if (trimmed === path || trimmed === '') return undefined;
    const segments = trimmed.split('/');
    if (!this.paths.some((compiled) => match(compiled.segments, segments))) return undefined;
    const location = `${'../'.repeat(path.length - trimmed.length)}${segments.at(-1)}${search}`;
    return fail(307, 'Redirect to the path without the trailing slash', { location });
  }

  // The guard, then the route; no exception escapes a route as a dropped connection.
  private run(
    route: Route,
    request: RouteRequest,
    params: RouteParams,
  ): RouteResponse | Promise<RouteResponse> {
    try {
      let key: MockApiKey | undefined;
      if (route.scope !== undefined) {
        if (!this.guard) throw new Error(`No guard for the scoped route ${route.path}`);
        const checked = this.guard(request, route.scope);
        if (!checked.ok) return checked.response;
        key = checked.key;
      }
      const answer = route.handle(request, params, key);
      return answer instanceof Promise ? answer.catch(internalError) : answer;
    } catch (error) {
      return internalError(error);
    }
  }
}

const NO_PARAMS: RouteParams = Object.freeze({});

function match(pattern: readonly string[], segments: readonly string[]): RouteParams | undefined {
  if (pattern.length !== segments.length) return undefined;
  let params: Record<string, string> | undefined;
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as string;
    const actual = segments[i] as string;
    if (expected.startsWith(':')) {
      if (actual === '') return undefined;
      params ??= {};
      params[expected.slice(1)] = decodeURIComponent(actual);
    } else if (expected !== actual) {
      return undefined;
    }
  }
  return params ?? NO_PARAMS;
}

function internalError(error: unknown): RouteResponse {
  const reason = error instanceof Error ? error.message : String(error);
  return fail(500, `Internal error in the mock service: ${reason}`);
}
