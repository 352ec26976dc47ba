// Vocabulary for plausible file, class and test names.
import type { Rng } from '../rng.js';

export const MODULES = [
  'cart', 'checkout', 'auth', 'user', 'order', 'payment', 'search', 'catalog', 'inventory', 'shipping',
  'invoice', 'notification', 'session', 'pricing', 'discount', 'review', 'wishlist', 'profile', 'admin',
  'report', 'locale', 'media', 'webhook', 'export', 'audit', 'tax', 'coupon', 'address', 'rating', 'feed',
] as const;
export const LAYERS = [
  'service', 'controller', 'repository', 'store', 'utils', 'validator', 'mapper', 'api', 'hooks', 'model',
  'client', 'guard', 'policy', 'queue', 'view', 'form',
] as const;
export const VERBS = [
  'returns', 'rejects', 'computes', 'renders', 'updates', 'creates', 'deletes', 'validates', 'parses',
  'formats', 'caches', 'retries', 'handles', 'emits', 'sorts', 'filters', 'merges', 'normalizes', 'ignores',
  'throws on', 'debounces', 'serialises', 'paginates', 'redirects',
] as const;
export const OBJECTS = [
  'an empty cart', 'the total price', 'expired tokens', 'a missing user', 'invalid input', 'the default locale',
  'pagination links', 'a partial refund', 'duplicate items', 'unicode names', 'a 404 response',
  'concurrent updates', 'the session cookie', 'large payloads', 'null values', 'negative quantities',
  'a stale cache entry', 'the shipping estimate', 'rounding errors', 'an unknown currency', 'nested categories',
  'the audit trail', 'a revoked API key', 'a long search query',
] as const;
export const QUALIFIERS = [
  '', '', '', ' when offline', ' for guests', ' with a coupon', ' after a retry', ' in strict mode',
  ' on first load', ' with the feature flag off', ' across time zones', ' for admins',
] as const;
export const COMMIT_MESSAGES = [
  '修复购物车缓存失效的问题 (#482)',
  'feat(checkout): 支持分期付款',
  'fix: handle expired sessions gracefully',
  '✨ add wishlist sharing',
  'chore(deps): bump vite from 5.4.10 to 5.4.11',
  'refactor: extract pricing rules → PricingEngine',
  'カート画面のレイアウトを修正',
  'perf: cache catalog queries 🚀',
  'Merge branch \'feature/address-book\' into \'main\'',
  'docs: explain the release process',
] as const;
export const PROJECTS = [
  'acme/webshop', 'acme/storefront', 'northwind/billing-api', 'initech/payments-service', 'globex/mobile-bff',
  'umbrella/design-system', 'hooli/search-ui', 'acme/platform/checkout',
] as const;

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const pad = (s: string | number, n: number) => String(s).padEnd(n);
export const lpad = (s: string | number, n: number) => String(s).padStart(n);

export function testName(r: Rng): string {
  return `${r.pick(VERBS)} ${r.pick(OBJECTS)}${r.pick(QUALIFIERS)}`;
}
