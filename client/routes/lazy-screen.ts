// Screens load on demand: a route's component stays a small wrapper in the route table (it reads the
// params and search), and the screen it renders comes from its own chunk. `withScreens` gives the
// wrapper a `preload` so the router fetches those chunks alongside the route's loader — the screen is
// ready when the data is, with no Suspense flash. Only the issue list and detail, the screens a member
// opens first, stay in the initial bundle (BENCHMARKS.md "initial JavaScript").
import type { ReactNode } from 'react';
import { lazyRouteComponent } from '@tanstack/react-router';

export const lazyScreen = lazyRouteComponent;

interface Preloadable {
  preload?: () => Promise<unknown> | undefined;
}

/** Marks a route wrapper as needing `screens`: the router preloads them when the route loads. */
export function withScreens<T extends () => ReactNode>(component: T, ...screens: Preloadable[]): T & { preload: () => Promise<void> } {
  return Object.assign(component, { preload: () => Promise.all(screens.map((screen) => screen.preload?.())).then(() => undefined) });
}
