import Router, { type RouterOptions } from '@koa/router';

/**
 * A router that answers the paths exactly as the contract writes them: case-sensitive, and with
 * a trailing slash another path (a 404). What is keyed by path before the routes run (the body
 * parsers, the rate limits, the caching rules) then sees exactly the paths that reach a route:
 * `/API/products` or `/api/auth/challenge/` can no longer slip past a limit or be read twice.
 */
export const contractRouter = (opts: RouterOptions = {}) =>
  new Router({ sensitive: true, strict: true, ...opts });
