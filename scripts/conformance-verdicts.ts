/**
 * How `npm run conformance` (scripts/conformance.tsx) judges each scenario of the official suite:
 * the scenarios and single checks that test what ink-mcp does not offer (not applicable, with the
 * reason; the README's conformance section lists the same), and the warnings the suite raises
 * against right behaviour (explained). Everything else passes or fails on the suite's own checks.
 */

/** Scenarios that test what ink-mcp does not offer, and why. */
export const NOT_APPLICABLE: Record<string, string> = {
  'logging-set-level': 'ink-mcp offers no logging capability (its logs go to stderr)',
  'completion-complete': 'ink-mcp offers no completions',
  'tools-call-image': 'results are text (the value as JSON text, the screen); no image content',
  'tools-call-audio': 'results are text; no audio content',
  'tools-call-embedded-resource': 'results are text; no embedded resources',
  'tools-call-mixed-content': 'results are text only',
  'tools-call-with-logging': 'ink-mcp sends no log notifications during a call',
  'tools-call-with-progress': 'ink-mcp sends no progress notifications',
  'tools-call-sampling': 'ink-mcp never asks the client for sampling',
  'tools-call-elicitation':
    'ink-mcp elicits only to confirm sensitive or destructive calls, not a form of its own',
  'elicitation-sep1034-defaults': 'ink-mcp elicits only a yes/no confirmation',
  'elicitation-sep1330-enums': 'ink-mcp elicits only a yes/no confirmation',
  'resources-read-text':
    'reads the fixed URI test://static-text; ink-mcp serves only ink://<session>/screen and /tree',
  'resources-read-binary': 'reads the fixed URI test://static-binary; ink-mcp has no binary resources',
  'resources-templates-read': 'ink-mcp offers no resource templates',
  'resources-subscribe':
    'subscribes to the fixed URI test://watched-resource, which ink-mcp answers -32602 (not found); subscriptions to ink://<session>/… are tested in test/server',
  'resources-unsubscribe':
    'first subscribes to the fixed URI test://watched-resource, which ink-mcp answers -32602 (not found)',
  'prompts-list': 'ink-mcp offers no prompts',
  'prompts-get-simple': 'ink-mcp offers no prompts',
  'prompts-get-with-args': 'ink-mcp offers no prompts',
  'prompts-get-embedded-resource': 'ink-mcp offers no prompts',
  'prompts-get-with-image': 'ink-mcp offers no prompts',
  // 2026-07-28 (SEP-2322): the suite's tools ask questions of their own; ink-mcp's one input
  // request is its approval of a sensitive or destructive call (in-band-consent.ts), which the
  // scenarios it fits run against (result-type, tampered-state, missing-input-response, …).
  'input-required-result-basic-elicitation':
    'asks its own question (a name, key user_name); ink-mcp asks only its approval of a sensitive call',
  'input-required-result-basic-sampling': 'ink-mcp never asks the client for sampling',
  'input-required-result-basic-list-roots': 'ink-mcp never asks the client for its roots',
  'input-required-result-capability-check':
    'expects a sampling request for a client without elicitation; ink-mcp never asks for sampling (it denies a call it cannot ask about, saying so)',
  'input-required-result-multiple-input-requests':
    'expects elicitation, sampling and roots in one round; ink-mcp asks one approval question',
  'input-required-result-multi-round':
    'expects a second question after the first; ink-mcp asks one approval question per call',
  'input-required-result-request-state':
    "answers a question of its own (key confirm, {ok}); ink-mcp's approval is key approve, and its sealed requestState is checked by tampered-state and test/server/both-eras.test.tsx",
  'input-required-result-non-tool-request':
    'asks through prompts/get; ink-mcp offers no prompts (it asks only on tools/call)',
  'http-custom-header-server-validation':
    'needs a tool declaring x-mcp-header parameters (SEP-2243); ink-mcp declares none',
};

/**
 * Single checks that test what ink-mcp does not offer, keyed `scenario:check-id` (the form of the
 * suite's own baselines), and why: the rest of their scenario is judged as usual.
 */
export const NOT_APPLICABLE_CHECKS: Record<string, string> = {
  'caching:sep-2549-prompts-list-caching-hints':
    'ink-mcp offers no prompts: prompts/list answers -32601 (its other cacheable results are checked)',
  'server-stateless:sep-2575-server-rejects-undeclared-capability':
    "calls the suite's diagnostic tool test_missing_capability, which needs sampling; ink-mcp never needs a client capability it was not given (a call needing approval from a client that cannot be asked is denied, saying so)",
  'server-stateless:sep-2575-missing-capability-http-400':
    'the HTTP status of the same -32021 answer, which no ink-mcp request calls for',
};

/**
 * Warnings the suite raises against right behaviour, and why. The 0.1.x releases' server-sse-polling
 * probe declares `mcp-protocol-version: 2025-03-26`, and the SDK sends priming events (and `retry`,
 * and lets a call close its stream) only to clients of 2025-11-25 or later, which can parse an event
 * with empty data (fixed in the suite by modelcontextprotocol/conformance#366, in no 0.1.x release);
 * test/server/sse-resume.test.ts checks the 2025-11-25 behaviour end to end.
 */
export const EXPLAINED_WARNINGS: Record<string, string> = {
  'server-sse-priming-event': 'the suite probes as a 2025-03-26 client, which gets no priming event',
  'server-sse-retry-field': 'the retry field comes with the priming event',
  // input-required-result-ignore-extra-params answers its own tool's question (user_name) and extra
  // keys, without a requestState: to ink-mcp's approval question that is no answer, so it asks
  // again (the extra keys ignored, no error), as SEP-2322 recommends for missing input.
  'sep-2322-ignore-unexpected-params':
    "its answer is to the suite's own question (user_name); ink-mcp ignores the extra keys and asks its approval question again",
};

export type Check = { id: string; status: string; errorMessage?: string };

export interface Verdict {
  outcome: 'pass' | 'fail' | 'n/a';
  /** The line printed for the scenario. */
  line: string;
}

/** The scenario's verdict from its checks. */
export function verdict(scenario: string, checks: readonly Check[]): Verdict {
  const why = NOT_APPLICABLE[scenario];
  if (why !== undefined) return { outcome: 'n/a', line: `  n/a   ${scenario}: ${why}` };
  const excused = (c: Check) => NOT_APPLICABLE_CHECKS[`${scenario}:${c.id}`];
  const failures = checks.filter((c) => c.status === 'FAILURE' && excused(c) === undefined);
  if (failures.length > 0) {
    const what = failures.map((f) => `${f.id}: ${f.errorMessage ?? ''}`).join('; ');
    return { outcome: 'fail', line: `  FAIL  ${scenario}: ${what}` };
  }
  const notes = [
    ...checks.filter((c) => c.status === 'FAILURE').map((c) => `${c.id} not applicable: ${excused(c) ?? ''}`),
    ...checks
      .filter((c) => c.status === 'WARNING')
      .map((w) => {
        const known = EXPLAINED_WARNINGS[w.id];
        return known ? `warning ${w.id}: ${known}` : `warning ${w.id}: ${w.errorMessage ?? ''}`;
      }),
  ];
  return { outcome: 'pass', line: `  pass  ${scenario}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}` };
}
