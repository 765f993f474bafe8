import type { ModuleContext } from './manifest.js';

/**
 * One instance per app of something a module makes from the context (the bot's pollers, the image
 * stores): every module asking for it with the same context gets the same one, and a second app
 * in the same process (tests) gets its own.
 */
export function perContext<T>(make: (context: ModuleContext) => T): (context: ModuleContext) => T {
  const made = new WeakMap<ModuleContext, T>();
  return (context) => {
    if (!made.has(context)) made.set(context, make(context));
    return made.get(context)!;
  };
}
