// The store and controller, handed down through React context; panes read narrow selectors.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Controller } from '../store/controller.js';
import type { Registry } from '../store/registry.js';
import type { AppStore } from '../store/store.js';
import type { AppState } from '../store/types.js';

export interface AppContextValue {
  store: AppStore;
  controller: Controller;
  /** Wall clock for "3m ago" (injectable so tests and the simulator agree on "now"). */
  now: () => number;
  /**
   * Who owns what among the features (store/registry.ts): each pane kind's spec (its component, its
   * crumb), and the tabs a tabbed pane draws.
   */
  registry: Registry;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppContext missing');
  return value;
}

export function useAppState<T>(selector: (state: AppState) => T): T {
  return useStore(useApp().store, selector);
}
