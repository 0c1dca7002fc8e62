import { useEffect, useState } from 'react';
import { type HashLocation, hashFor, parseHash } from '../core';

/** The hash router's current location under `base`, following hash changes. */
export function useHashLocation(base: string): HashLocation {
  const [location, setLocation] = useState(() => parseHash(window.location.hash, base));
  useEffect(() => {
    const update = () => setLocation(parseHash(window.location.hash, base));
    window.addEventListener('hashchange', update);
    update();
    return () => window.removeEventListener('hashchange', update);
  }, [base]);
  return location;
}

/** Goes to a router path (a new history entry). */
export function navigate(path: string, base: string, query: Record<string, string> = {}): void {
  window.location.hash = hashFor(path, base, query);
}
