// GitLab's limits on a query, checked before anything runs, as graphql-ruby's analyzers do for
// GitlabSchema (app/graphql/gitlab_schema.rb): depth 15 anonymous / 20 signed in; complexity
// 200 / 250 / 300 for an administrator. Complexity as GitLab's Types::BaseField counts it: a field
// is 1 plus its selection; a field backed by a resolver that pages (Pipeline.jobs) costs its
// selection plus 1, then that much again times 0.01 per item a page may hold (first/last, at most
// 100). Fragments count where they are spread. Over a limit, the answer is GitLab's `errors`.
import {
  getNamedType,
  GraphQLObjectType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { MAX_PAGE_SIZE } from './schema.js';

export const LIMITS = {
  complexity: { anonymous: 200, user: 250, admin: 300 },
  depth: { anonymous: 15, user: 20 },
  /** GraphqlController::MAX_QUERY_SIZE: characters of the query text. */
  querySize: 10_000,
} as const;

/** The paging fields backed by a resolver with GitLab's connection multiplier. */
const RESOLVER_CONNECTIONS = new Set(['Pipeline.jobs']);

export interface Measured {
  depth: number;
  complexity: number;
}

export function measure(schema: GraphQLSchema, doc: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): Measured {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of doc.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const rootType = operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : null;
  if (!rootType) return { depth: 0, complexity: 0 };
  return walk(operation.selectionSet, rootType, fragments, variables, 0, new Set());
}

function walk(
  set: SelectionSetNode,
  parent: GraphQLObjectType,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  level: number,
  spreading: Set<string>,
): Measured {
  let depth = level;
  let complexity = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name.startsWith('__')) continue;
      const field: GraphQLField<unknown, unknown> | undefined = parent.getFields()[name];
      if (!field) continue;
      const type = getNamedType(field.type);
      let child: Measured = { depth: level + 1, complexity: 0 };
      if (selection.selectionSet && type instanceof GraphQLObjectType) child = walk(selection.selectionSet, type, fragments, variables, level + 1, spreading);
      depth = Math.max(depth, child.depth);
      if (RESOLVER_CONNECTIONS.has(`${parent.name}.${name}`)) {
        const limit = Math.min(
          MAX_PAGE_SIZE,
          ...['first', 'last'].map((a) => argNumber(selection.arguments?.find((x) => x.name.value === a)?.value, variables) ?? MAX_PAGE_SIZE),
        );
        const base = child.complexity + 1;
        complexity += Math.floor(base + base * 0.01 * limit);
      } else complexity += 1 + child.complexity;
    } else {
      // An inline fragment on this type (or an interface of it), or a named fragment spread once per path.
      let inner: SelectionSetNode;
      if (selection.kind === Kind.INLINE_FRAGMENT) inner = selection.selectionSet;
      else {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || spreading.has(fragment.name.value)) continue;
        inner = fragment.selectionSet;
        spreading = new Set(spreading).add(fragment.name.value);
      }
      const m = walk(inner, parent, fragments, variables, level, spreading);
      depth = Math.max(depth, m.depth);
      complexity += m.complexity;
    }
  }
  return { depth, complexity };
}

function argNumber(value: ValueNode | undefined, variables: Record<string, unknown>): number | undefined {
  if (!value) return undefined;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === 'number' ? v : undefined;
  }
  return undefined;
}
