import { describe, expect, it } from 'vitest';
import { getLocation, memoryLocation, setLocationAdapter } from '../../../src/core/config';

describe('location adapter', () => {
  it('records navigation and reloads and resolves relative URLs', () => {
    const location = memoryLocation('http://school.test/pages/a/index.html');
    setLocationAdapter(location);
    getLocation().assign('/login?x=1');
    getLocation().reload();
    expect(location.visited).toEqual(['http://school.test/login?x=1']);
    expect(getLocation().href()).toBe('http://school.test/login?x=1');
    expect(location.reloads).toBe(1);
  });
});
