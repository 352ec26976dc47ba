// POST (or GET) /api/graphql as GitLab answers it: the ETag middleware first (etag.ts), then
// GraphqlController — authentication ('Invalid token' 401), the query size limit, depth and
// complexity (limits.ts) — then graphql-js over the schema (schema.ts). Errors are GitLab's
// `{"errors":[{"message":…}]}`; a query that ran with a failing field keeps `data` beside them.
import type { IncomingHttpHeaders } from 'node:http';
import { execute, getOperationAST, GraphQLError, parse, validate, type DocumentNode, type ExecutionResult } from 'graphql';
import type { SimUser } from '../model.js';
import type { World } from '../world/world.js';
import { EtagStore, RESOURCE_HEADER, resourceOf } from './etag.js';
import { LIMITS, measure } from './limits.js';
import { root, schema, type GraphQLContext } from './schema.js';

/** What /api/graphql does: GitLab's (`on`), none (`off`: 404, an older GitLab or a proxy that refuses it), or polling disabled (`no-polling`: 429 on a cache hit). */
export type GraphQLMode = 'on' | 'off' | 'no-polling';

export const GRAPHQL_PATH = '/api/graphql';

export interface GraphQLRequest {
  method: string;
  headers: IncomingHttpHeaders;
  url: URL;
  /** The raw body (JSON). */
  body: string;
  world: World;
  etags: EtagStore;
  mode: GraphQLMode;
  /** The caller, or null when anonymous; throws GitLab's 401 itself for an unknown or expired token. */
  authenticate: () => SimUser | null;
}

export interface GraphQLReply {
  status: number;
  headers: Record<string, string>;
  /** Undefined: an empty body (304, 429 from the cache). */
  body?: unknown;
}

export function handleGraphQL(req: GraphQLRequest): GraphQLReply {
  if (req.mode === 'off') return { status: 404, headers: {}, body: { error: '404 Not Found' } };
  const headers: Record<string, string> = {};
  const resource = resourceOf(req.headers[RESOURCE_HEADER]);
  if (resource !== null) {
    const etag = req.etags.etagOf(resource);
    const inm = req.headers['if-none-match'];
    if ((Array.isArray(inm) ? inm[0] : inm) === etag) {
      return { status: req.mode === 'no-polling' ? 429 : 304, headers: { ETag: etag, 'X-Gitlab-From-Cache': 'true' } };
    }
    headers.ETag = etag;
  }
  if (req.method !== 'POST' && req.method !== 'GET') return { status: 404, headers, body: { errors: [{ message: 'Not found!' }] } };
  let user: SimUser | null;
  try {
    user = req.authenticate();
  } catch {
    return { status: 401, headers, body: { errors: [{ message: 'Invalid token' }] } };
  }
  let params: { query?: unknown; variables?: unknown; operationName?: unknown };
  try {
    params = req.method === 'GET' ? Object.fromEntries(req.url.searchParams) : (JSON.parse(req.body || '{}') as typeof params);
    if (typeof params.variables === 'string') params.variables = params.variables ? JSON.parse(params.variables) : {};
  } catch {
    return { status: 422, headers, body: { errors: [{ message: 'Invalid JSON' }] } };
  }
  if (Array.isArray(params)) return { status: 422, headers, body: { errors: [{ message: 'Multiplexed queries are not supported by this simulator' }] } };
  const query = typeof params.query === 'string' ? params.query : '';
  if (query.length > LIMITS.querySize) return { status: 422, headers, body: { errors: [{ message: 'Query too large' }] } };
  const variables = params.variables && typeof params.variables === 'object' ? (params.variables as Record<string, unknown>) : {};
  const operationName = typeof params.operationName === 'string' ? params.operationName : undefined;
  return { status: 200, headers, body: run(req.world, user, query, variables, operationName) };
}

function run(
  world: World,
  user: SimUser | null,
  query: string,
  variables: Record<string, unknown>,
  operationName: string | undefined,
): ExecutionResult | { errors: unknown[] } {
  let doc: DocumentNode;
  try {
    doc = parse(query);
  } catch (error) {
    return { errors: [present(error as GraphQLError)] };
  }
  const s = schema();
  const invalid = validate(s, doc);
  if (invalid.length) return { errors: invalid.map(present) };
  const operation = getOperationAST(doc, operationName);
  if (!operation) return { errors: [{ message: 'An operation name is required' }] };
  if (operation.operation !== 'query') return { errors: [{ message: `Schema is not configured for ${operation.operation}s` }] };
  const { depth, complexity } = measure(s, doc, operation, variables);
  const maxDepth = user ? LIMITS.depth.user : LIMITS.depth.anonymous;
  const maxComplexity = !user ? LIMITS.complexity.anonymous : user.isAdmin ? LIMITS.complexity.admin : LIMITS.complexity.user;
  // graphql-ruby's analyzers' messages.
  const errors: { message: string }[] = [];
  if (depth > maxDepth) errors.push({ message: `Query has depth of ${depth}, which exceeds max depth of ${maxDepth}` });
  if (complexity > maxComplexity) errors.push({ message: `Query has complexity of ${complexity}, which exceeds max complexity of ${maxComplexity}` });
  if (errors.length) return { errors };
  const anonymous: SimUser = {
    id: 0,
    username: '',
    name: '',
    email: '',
    state: 'active',
    isAdmin: false,
    createdAt: 0,
    bio: null,
    location: null,
    twoFactor: false,
    lastSignInAt: null,
    currentSignInAt: null,
    identities: [],
  };
  const context: GraphQLContext = { world, user: user ?? anonymous, complexity: { score: complexity, limit: maxComplexity } };
  const result = execute({ schema: s, document: doc, rootValue: root, contextValue: context, variableValues: variables, operationName });
  if ('then' in result) return { errors: [{ message: 'Internal server error' }] };
  return result.errors ? { ...result, errors: result.errors.map(present) } : result;
}

/** An error as graphql-ruby words it where pipetop may meet it: an unknown field is how an older GitLab answers a newer query. */
function present(error: GraphQLError): Record<string, unknown> {
  const field = /^Cannot query field "([^"]+)" on type "([^"]+)"\./.exec(error.message);
  const message = field ? `Field '${field[1]}' doesn't exist on type '${field[2]}'` : error.message;
  const out: Record<string, unknown> = { message };
  if (error.locations) out.locations = error.locations;
  if (error.path) out.path = error.path;
  if (field) out.extensions = { code: 'undefinedField', typeName: field[2], fieldName: field[1] };
  return out;
}
