import { describe, expect, it, vi } from 'vitest';
import { Subscribable } from '../../src/util/subscribable.js';

describe('Subscribable', () => {
  it('calls every listener; subscribe returns unsubscribe', () => {
    const events = new Subscribable<number>();
    const a = vi.fn();
    const b = vi.fn();
    const offA = events.subscribe(a);
    events.subscribe(b);
    events.emit(1);
    offA();
    offA();
    events.emit(2);
    expect(a.mock.calls).toEqual([[1]]);
    expect(b.mock.calls).toEqual([[1], [2]]);
  });

  it('reports a throwing listener and still calls the rest', () => {
    const onError = vi.fn();
    const events = new Subscribable<string>(onError);
    const after = vi.fn();
    events.subscribe(() => {
      throw new Error('bad');
    });
    events.subscribe(after);
    events.emit('x');
    expect(after).toHaveBeenCalledWith('x');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'bad' }));
  });

  it('survives a reporter that throws', () => {
    const events = new Subscribable<void>(() => {
      throw new Error('reporter');
    });
    const after = vi.fn();
    events.subscribe(() => {
      throw new Error('bad');
    });
    events.subscribe(after);
    expect(() => events.emit()).not.toThrow();
    expect(after).toHaveBeenCalled();
  });

  it('an emit is heard by the listeners present when it started', () => {
    const events = new Subscribable<number>();
    const late = vi.fn();
    const b = vi.fn();
    let offB = () => {};
    events.subscribe(() => {
      events.subscribe(late);
      offB();
    });
    offB = events.subscribe(b);
    events.emit(1);
    expect(late).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
    events.emit(2);
    expect(late).toHaveBeenCalledWith(2);
    expect(b).toHaveBeenCalledTimes(1);
  });
});
