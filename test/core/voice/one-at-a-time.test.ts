import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../../src/core/voice/one-at-a-time';

// The voice controller's dispatch: an event raised while another is handled waits its turn.

describe('oneAtATime', () => {
  it('handles an event raised during another after it, in the order raised', () => {
    const log: string[] = [];
    const dispatch = oneAtATime<{ name: string }>((event) => {
      log.push(`start ${event.name}`);
      if (event.name === 'first') {
        dispatch({ name: 'second' });
        dispatch({ name: 'third' });
      }
      log.push(`end ${event.name}`);
    });
    dispatch({ name: 'first' });
    expect(log).toEqual(['start first', 'end first', 'start second', 'end second', 'start third', 'end third']);
  });

  it('takes events again after a handler threw', () => {
    const handled: string[] = [];
    const dispatch = oneAtATime<{ name: string }>((event) => {
      handled.push(event.name);
      if (event.name === 'bad') throw new Error('bad');
    });
    expect(() => dispatch({ name: 'bad' })).toThrow('bad');
    dispatch({ name: 'good' });
    expect(handled).toEqual(['bad', 'good']);
  });
});
