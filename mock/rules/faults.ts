// The fault rules in force on one service (`mock.faults`, `/__mock/faults`): which one meets a
// request, counted against its `times` and `after`. What a rule is lives in fault-rule.ts.
import { MockInputError } from '../store/store-errors.js';
import { checkFaultRule, type FaultRule, pathMatches, type StoredFaultRule } from './fault-rule.js';

const UNREACHABLE_HINT =
  "paths are written after the host URL's path prefix, if any (/api/v1/web-api/v1/orders*, /api/v1/webhooks/wms/fulfillment), and the control endpoints under /__mock are never faulted";

/** A rule that met a request: its id, the rule, and the text its `status` answer sends. */
export interface TakenFault {
  readonly id: string;
  readonly rule: FaultRule;
  /** Serialized once, when the rule was added; undefined for the default body. */
  readonly bodyText: string | undefined;
}

interface LiveRule extends TakenFault {
  matched: number;
  /** Matching requests let through while `after` lasts. */
  passed: number;
}

/** The rules of one service, in the order added; the first live one that matches applies. */
export class FaultBook {
  private rules: LiveRule[] = [];
  private nextId = 1;

  /**
   * @param reaches - Whether a rule's path can match a request the service answers (the
   *   control endpoints are never faulted); a rule that cannot is refused.
   */
  constructor(private readonly reaches: (path: string) => boolean = () => true) {}

  /** Whether any rule is live: the per-request check is skipped when none is. */
  get empty(): boolean {
    return this.rules.length === 0;
  }

  /**
   * Adds a rule after the others.
   *
   * @param rule - Untrusted input.
   * @returns The stored rule with its id.
   * @throws {@link MockInputError} for a bad rule (a body that cannot be sent as JSON
   *   included); nothing is added.
   */
  add(rule: unknown): StoredFaultRule {
    // Every check, the body's serialization included, runs before the rule is stored: one
    // that throws afterwards would leave a rule in force that the caller was told was refused.
    const { rule: parsed, bodyText } = checkFaultRule(rule);
    if (!this.reaches(parsed.path)) {
      throw new MockInputError('fault rule', [
        {
          loc: ['path'],
          msg: `matches no endpoint of the service: ${UNREACHABLE_HINT}`,
          type: 'value_error',
        },
      ]);
    }
    const id = `flt_${this.nextId++}`;
    const live: LiveRule = { id, rule: parsed, bodyText, matched: 0, passed: 0 };
    this.rules.push(live);
    return stored(live);
  }

  /** The live rules, in the order added. */
  list(): StoredFaultRule[] {
    return this.rules.map(stored);
  }

  /**
   * Removes one rule.
   *
   * @returns Whether a live rule had that id.
   */
  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((live) => live.id !== id);
    return this.rules.length !== before;
  }

  /** Removes every rule; ids keep counting, so an id kept from before names no later rule. */
  clear(): void {
    this.rules = [];
  }

  /**
   * Removes every rule and numbers the next one `flt_1` again: a reset adds the startup
   * rules back, and they must come back under the ids they had, which a test or a script
   * may have written down.
   */
  reset(): void {
    this.clear();
    this.nextId = 1;
  }

  /**
   * The rule that applies to a request, counted as used (a rule whose `times` are spent is
   * dropped), or undefined.
   *
   * @param method - Upper-case method.
   * @param path - The path after the host URL.
   */
  take(method: string, path: string): TakenFault | undefined {
    // A rule still letting requests through (`after`) stands aside; it counts this request
    // only if it gets its normal answer (no rule met it, or one that only delays it): a
    // status, a reset or a cut answer is not one.
    // Every such rule counts it, wherever it stands: the first rule met applies, and those
    // after it still see the request.
    const standingAside: LiveRule[] = [];
    let index = -1;
    this.rules.forEach((each, at) => {
      const { rule } = each;
      if (rule.method !== undefined && rule.method !== method) return;
      if (!pathMatches(rule.path, path)) return;
      if (each.passed < (rule.after ?? 0)) standingAside.push(each);
      else if (index < 0) index = at;
    });
    const live = this.rules[index];
    if (!live || (live.rule.status === undefined && live.rule.error === undefined)) {
      for (const waiting of standingAside) waiting.passed++;
    }
    if (!live) return undefined;
    live.matched++;
    if (live.rule.times !== undefined && live.matched >= live.rule.times) {
      this.rules.splice(index, 1);
    }
    return live;
  }
}

function stored(live: LiveRule): StoredFaultRule {
  return { id: live.id, ...structuredClone(live.rule), matched: live.matched };
}

/** `mock.faults`: the fault rules of a service, the state-API twin of `/__mock/faults`. */
export interface MockFaults {
  /**
   * Adds a rule after the others (rules match in the order added; the first live one applies).
   *
   * @returns The rule's id.
   * @throws {@link MockInputError} for a bad rule (its `issues` are the 422 `detail` the
   *   control endpoint answers); nothing is added.
   * @example
   * ```ts
   * const id = mock.faults.add({ path: '/api/v1/web-api/v1/orders*', status: 503, times: 2 });
   * ```
   */
  add(rule: FaultRule): string;
  /** The live rules in the order added, each with its `id` and `matched` count. */
  list(): StoredFaultRule[];
  /**
   * Removes one rule.
   *
   * @returns Whether a live rule had that id.
   */
  remove(id: string): boolean;
  /** Removes every rule; ids keep counting (only a reset of the mock starts them again). */
  clear(): void;
}
