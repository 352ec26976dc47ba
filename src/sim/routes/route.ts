// A route: method, a path pattern with :params (matched against still-encoded segments, so a project
// path like acme%2Fapi stays one segment), and a handler.
import type { Reply, RequestContext } from '../http.js';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  handler: (ctx: RequestContext) => Reply;
}
