import { describe, expect, it } from 'vitest';
import { RecordRedactor } from '../../src/render/record-redaction.js';
import { redactDeep } from '../../src/util/redact.js';
import { secretNameTest } from '../../src/util/secret-names.js';

/**
 * Redaction by name has one rule (src/util/redact.ts): what a watcher is shown of a call's
 * arguments and what a recording writes of them hide the same values.
 */
describe('redaction by name', () => {
  const isSecret = secretNameTest();
  const cases: [string, unknown][] = [
    ['an object', { user: 'ann', password: 'hunter22' }],
    ['JSON text', '{"user":"ann","password":"hunter22"}'],
    // The stable surface's `act` carries the action's arguments as JSON text, as the model wrote it.
    ['JSON text with leading spaces', '  {"user":"ann","password":"hunter22"}'],
    ['JSON array text', '[{"user":"ann","password":"hunter22"}]'],
    ['nested', { action: 'login.submit', args: ' {"form":{"user":"ann","password":"hunter22"}}' }],
  ];

  for (const [name, value] of cases) {
    it(`hides a secret's value in ${name}, for the watcher and the recording alike`, () => {
      const watched = JSON.stringify(redactDeep(value, isSecret));
      const recorded = JSON.stringify(new RecordRedactor(isSecret).line(value));
      expect(watched).not.toContain('hunter22');
      expect(watched).toContain('[redacted]');
      expect(watched).toContain('ann');
      expect(recorded).toBe(watched);
    });
  }

  it('leaves text that is not JSON, or has no secret, as it was', () => {
    expect(redactDeep('{not json', isSecret)).toBe('{not json');
    expect(redactDeep(' {"user": "ann"}', isSecret)).toBe(' {"user": "ann"}');
  });
});
