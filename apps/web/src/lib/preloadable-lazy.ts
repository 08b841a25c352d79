import { type ComponentType, createElement, lazy } from 'react';

/** A lazily loaded component that can be loaded before it renders. */
export type PreloadableComponent<P> = ComponentType<P> & {
  /** Loads the module (once, whoever asks first); settles when it is there. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` that renders at once when its module is already loaded. A plain lazy component suspends on its first
 * render even then, and React shows the nearest fallback and reveals the content no sooner than 300 ms after it:
 * on a cold load that is 300 ms for each lazy level (shell, area, page) whose code was preloaded.
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(start);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy page at module level, like React.lazy
  const Component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Component, { preload: () => start().then(() => undefined) });
}
