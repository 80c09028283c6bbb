/**
 * Runs `check` while every media element says it holds a file of `duration` seconds whose metadata is in, as a
 * cached file's is before React has mounted the element (jsdom itself loads nothing and fires no event).
 */
export function withCachedMedia(duration: number, check: () => void) {
  const proto = HTMLMediaElement.prototype;
  const saved = ['readyState', 'duration', 'currentTime'].map(
    (key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const,
  );
  Object.defineProperty(proto, 'readyState', { configurable: true, get: () => 4 /* HAVE_ENOUGH_DATA */ });
  Object.defineProperty(proto, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(proto, 'currentTime', { configurable: true, get: () => 0, set: () => {} });
  try {
    check();
  } finally {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, key, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[key];
    }
  }
}
