import { type CallErrorOf, circuitOpen } from './call-error.js';

export interface BreakerOptions {
  /** Consecutive faults that open a tool's breaker. @default 5 */
  threshold?: number;
  /** How long an open breaker refuses before it lets one probe call through. @default 30_000 */
  cooldownMs?: number;
  /** A probe that has not reported after this long is presumed lost (a new one may go). @default cooldownMs */
  probeLeaseMs?: number;
  /** The clock (ms). No timers are used: the state is computed from it on each call. */
  now?: () => number;
}

/** `neutral`: the call said nothing about the tool's health (invalid args, denial, widget gone, …). */
export type CallOutcome = 'success' | 'fault' | 'neutral';

export type BreakerState = 'closed' | 'open' | 'half_open';

/** Proof of admission, handed back to `record`. Opaque; recording it twice counts once. */
export interface BreakerTicket {
  readonly name: string;
  readonly probe: boolean;
}

export type Admission =
  | { ok: true; ticket: BreakerTicket }
  | { ok: false; error: CallErrorOf<'circuit_open'> };

interface Breaker {
  faults: number;
  /** When it (last) opened; undefined while closed. */
  openedAt: number | undefined;
  /** When the running probe was admitted; undefined when none runs. */
  probeSince: number | undefined;
  /** Changes on every transition, so outcomes of calls admitted before it are ignored. */
  epoch: number;
}

/**
 * A ticket carries its record in a private field: no map to look it up in (a WeakMap entry per call
 * costs more than the rest of the breaker), and nothing outside this module can read or forge it.
 */
class Ticket implements BreakerTicket {
  readonly name: string;
  readonly probe: boolean;
  readonly #issuer: CircuitBreakers;
  readonly #epoch: number;
  #recorded = false;

  constructor(issuer: CircuitBreakers, name: string, probe: boolean, epoch: number) {
    this.name = name;
    this.probe = probe;
    this.#issuer = issuer;
    this.#epoch = epoch;
    Object.freeze(this);
  }

  /** The ticket's epoch the first time `issuer` records it; undefined for a repeat, a stranger's or a forged ticket. */
  static redeem(ticket: BreakerTicket, issuer: CircuitBreakers): number | undefined {
    if (typeof ticket !== 'object' || ticket === null || !(#recorded in ticket)) return undefined;
    if (ticket.#issuer !== issuer || ticket.#recorded) return undefined;
    ticket.#recorded = true;
    return ticket.#epoch;
  }
}

/**
 * One breaker per tool name. After `threshold` consecutive faults a tool is refused without running
 * until `cooldownMs` has passed; then exactly one probe call runs: success closes the breaker, a fault
 * re-opens it for a new cooldown, a neutral outcome just frees the probe slot.
 */
export class CircuitBreakers {
  readonly #breakers = new Map<string, Breaker>();
  readonly #threshold: number;
  readonly #cooldownMs: number;
  readonly #probeLeaseMs: number;
  readonly #now: () => number;
  // Process-wide counter rather than per breaker: a breaker deleted and re-created must not accept
  // tickets issued before the deletion.
  #epochs = 0;

  constructor(options: BreakerOptions = {}) {
    this.#threshold = Math.max(1, options.threshold ?? 5);
    this.#cooldownMs = Math.max(0, options.cooldownMs ?? 30_000);
    this.#probeLeaseMs = Math.max(0, options.probeLeaseMs ?? this.#cooldownMs);
    this.#now = options.now ?? (() => performance.now());
  }

  admit(name: string): Admission {
    const breaker = this.#breaker(name);
    if (breaker.openedAt === undefined) return { ok: true, ticket: this.#issue(name, false, breaker.epoch) };
    const now = this.#now();
    const reopensAt = breaker.openedAt + this.#cooldownMs;
    if (now < reopensAt) return this.#refuse(name, reopensAt - now, false, breaker.faults);
    if (breaker.probeSince !== undefined && now - breaker.probeSince < this.#probeLeaseMs) {
      // The probe's own duration is unknown: suggest a short wait, bounded by the cooldown.
      return this.#refuse(name, Math.min(1000, this.#cooldownMs), true, breaker.faults);
    }
    // A lost probe's late report must not count: a new epoch invalidates its ticket.
    breaker.epoch = ++this.#epochs;
    breaker.probeSince = now;
    return { ok: true, ticket: this.#issue(name, true, breaker.epoch) };
  }

  record(ticket: BreakerTicket, outcome: CallOutcome): void {
    const epoch = Ticket.redeem(ticket, this);
    if (epoch === undefined) return;
    const breaker = this.#breakers.get(ticket.name);
    if (!breaker || breaker.epoch !== epoch) return;
    if (ticket.probe) this.#recordProbe(breaker, outcome);
    else if (outcome === 'success') breaker.faults = 0;
    else if (outcome === 'fault' && ++breaker.faults >= this.#threshold) this.#open(breaker);
  }

  state(name: string): BreakerState {
    const breaker = this.#breakers.get(name);
    if (breaker?.openedAt === undefined) return 'closed';
    return this.#now() < breaker.openedAt + this.#cooldownMs ? 'open' : 'half_open';
  }

  /** Forget a tool's history (its definition changed: it is a new tool); in-flight outcomes are ignored. */
  reset(name: string): void {
    if (this.#breakers.has(name)) this.#breakers.set(name, this.#fresh());
  }

  /** The tool is gone. */
  delete(name: string): void {
    this.#breakers.delete(name);
  }

  #recordProbe(breaker: Breaker, outcome: CallOutcome): void {
    breaker.probeSince = undefined;
    if (outcome === 'success') {
      breaker.faults = 0;
      breaker.openedAt = undefined;
      breaker.epoch = ++this.#epochs;
    } else if (outcome === 'fault') {
      breaker.faults++;
      this.#open(breaker);
    }
  }

  #open(breaker: Breaker): void {
    breaker.openedAt = this.#now();
    breaker.probeSince = undefined;
    // Calls admitted while closed and still running must not close or extend the open breaker.
    breaker.epoch = ++this.#epochs;
  }

  #breaker(name: string): Breaker {
    let breaker = this.#breakers.get(name);
    if (!breaker) {
      breaker = this.#fresh();
      this.#breakers.set(name, breaker);
    }
    return breaker;
  }

  #fresh(): Breaker {
    return { faults: 0, openedAt: undefined, probeSince: undefined, epoch: ++this.#epochs };
  }

  #issue(name: string, probe: boolean, epoch: number): BreakerTicket {
    return new Ticket(this, name, probe, epoch);
  }

  #refuse(name: string, retryAfterMs: number, probing: boolean, faults: number): Admission {
    return { ok: false, error: circuitOpen(name, retryAfterMs, probing, faults) };
  }
}
