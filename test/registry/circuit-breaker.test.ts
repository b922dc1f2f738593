import { describe, expect, it } from 'vitest';
import {
  type Admission,
  type BreakerTicket,
  type CallOutcome,
  CircuitBreakers,
} from '../../src/registry/circuit-breaker.js';

function setup(options: { threshold?: number; cooldownMs?: number; probeLeaseMs?: number } = {}) {
  let now = 1_000;
  const breakers = new CircuitBreakers({ ...options, now: () => now });
  return {
    breakers,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

function ticket(admission: Admission): BreakerTicket {
  if (!admission.ok) throw new Error(`expected admission, got: ${admission.error.message}`);
  return admission.ticket;
}

/** Runs one call through the breaker the way the dispatcher does: admit, run, record. */
function call(
  breakers: CircuitBreakers,
  name: string,
  outcome: CallOutcome,
): { ran: boolean; admission: Admission } {
  const admission = breakers.admit(name);
  if (!admission.ok) return { ran: false, admission };
  breakers.record(admission.ticket, outcome);
  return { ran: true, admission };
}

function faultTimes(breakers: CircuitBreakers, name: string, n: number) {
  for (let i = 0; i < n; i++) expect(call(breakers, name, 'fault').ran).toBe(true);
}

describe('CircuitBreakers', () => {
  it('opens after 5 consecutive faults and refuses without running', () => {
    const { breakers } = setup();
    faultTimes(breakers, 't', 4);
    expect(breakers.state('t')).toBe('closed');
    faultTimes(breakers, 't', 1);
    expect(breakers.state('t')).toBe('open');
    const refused = call(breakers, 't', 'success');
    expect(refused.ran).toBe(false);
    if (refused.admission.ok) throw new Error('unreachable');
    const error = refused.admission.error;
    expect(error).toMatchObject({
      code: 'circuit_open',
      tool: 't',
      retryAfterMs: 30_000,
      probing: false,
      faults: 5,
    });
    expect(error.message).toMatch(/^ink-mcp: "t" is temporarily unavailable/);
    expect(error.message).toContain('Try again in 30 s');
  });

  it('counts only consecutive faults: a success starts over', () => {
    const { breakers } = setup();
    faultTimes(breakers, 't', 4);
    call(breakers, 't', 'success');
    faultTimes(breakers, 't', 4);
    expect(breakers.state('t')).toBe('closed');
  });

  it('keeps each tool name separate', () => {
    const { breakers } = setup();
    faultTimes(breakers, 'a', 5);
    expect(breakers.state('a')).toBe('open');
    expect(call(breakers, 'b', 'success').ran).toBe(true);
  });

  it('tells how long to wait as the cooldown runs down', () => {
    const { breakers, advance } = setup();
    faultTimes(breakers, 't', 5);
    advance(12_345);
    const admission = breakers.admit('t');
    expect(admission.ok).toBe(false);
    if (!admission.ok) expect(admission.error.retryAfterMs).toBe(17_655);
  });

  it('lets exactly one probe through after the cooldown; concurrent calls are refused', () => {
    const { breakers, advance } = setup();
    faultTimes(breakers, 't', 5);
    advance(30_000);
    expect(breakers.state('t')).toBe('half_open');
    const probe = ticket(breakers.admit('t'));
    expect(probe.probe).toBe(true);
    const concurrent = breakers.admit('t');
    expect(concurrent.ok).toBe(false);
    if (!concurrent.ok) {
      expect(concurrent.error.probing).toBe(true);
      expect(concurrent.error.message).toContain('a trial call is running now');
    }
    breakers.record(probe, 'success');
    expect(breakers.state('t')).toBe('closed');
    expect(call(breakers, 't', 'success').ran).toBe(true);
  });

  it('a failed probe re-opens the breaker for a new cooldown', () => {
    const { breakers, advance } = setup();
    faultTimes(breakers, 't', 5);
    advance(30_000);
    breakers.record(ticket(breakers.admit('t')), 'fault');
    expect(breakers.state('t')).toBe('open');
    advance(29_999);
    expect(breakers.admit('t').ok).toBe(false);
    advance(1);
    expect(ticket(breakers.admit('t')).probe).toBe(true);
  });

  it('a neutral probe frees the slot without closing or re-opening', () => {
    const { breakers, advance } = setup();
    faultTimes(breakers, 't', 5);
    advance(30_000);
    breakers.record(ticket(breakers.admit('t')), 'neutral');
    expect(breakers.state('t')).toBe('half_open');
    const next = ticket(breakers.admit('t'));
    expect(next.probe).toBe(true);
    expect(breakers.admit('t').ok).toBe(false);
  });

  it('neutral outcomes never count', () => {
    const { breakers } = setup();
    for (let i = 0; i < 100; i++) call(breakers, 't', 'neutral');
    faultTimes(breakers, 't', 4);
    for (let i = 0; i < 100; i++) call(breakers, 't', 'neutral');
    expect(breakers.state('t')).toBe('closed');
    faultTimes(breakers, 't', 1);
    expect(breakers.state('t')).toBe('open');
  });

  it('reset forgets the history and ignores outcomes of calls admitted before it', () => {
    const { breakers } = setup();
    const inFlight = ticket(breakers.admit('t'));
    faultTimes(breakers, 't', 5);
    breakers.reset('t');
    expect(breakers.state('t')).toBe('closed');
    faultTimes(breakers, 't', 4);
    breakers.record(inFlight, 'fault');
    expect(breakers.state('t')).toBe('closed');
  });

  it('delete drops the breaker; an old ticket cannot touch a new one', () => {
    const { breakers } = setup({ threshold: 1 });
    const old = ticket(breakers.admit('t'));
    breakers.delete('t');
    expect(breakers.state('t')).toBe('closed');
    ticket(breakers.admit('t'));
    breakers.record(old, 'fault');
    expect(breakers.state('t')).toBe('closed');
  });

  it('records a ticket once', () => {
    const { breakers } = setup({ threshold: 2 });
    const t = ticket(breakers.admit('t'));
    breakers.record(t, 'fault');
    breakers.record(t, 'fault');
    expect(breakers.state('t')).toBe('closed');
  });

  it('a late outcome of a call admitted before the breaker opened does not close it', () => {
    const { breakers } = setup();
    const slow = ticket(breakers.admit('t'));
    faultTimes(breakers, 't', 5);
    breakers.record(slow, 'success');
    expect(breakers.state('t')).toBe('open');
  });

  it('presumes a probe lost after its lease and admits a new one', () => {
    const { breakers, advance } = setup({ cooldownMs: 1000, probeLeaseMs: 5000 });
    faultTimes(breakers, 't', 5);
    advance(1000);
    const lost = ticket(breakers.admit('t'));
    advance(4999);
    expect(breakers.admit('t').ok).toBe(false);
    advance(1);
    const probe = ticket(breakers.admit('t'));
    breakers.record(lost, 'success'); // too late: ignored
    expect(breakers.admit('t').ok).toBe(false);
    breakers.record(probe, 'success');
    expect(breakers.state('t')).toBe('closed');
  });

  it('takes its thresholds from options', () => {
    const { breakers, advance } = setup({ threshold: 2, cooldownMs: 100 });
    faultTimes(breakers, 't', 2);
    expect(breakers.state('t')).toBe('open');
    advance(100);
    expect(ticket(breakers.admit('t')).probe).toBe(true);
  });
});
