/**
 * What a person (or an authorizer) is asked about: read by src/registry/authorize.ts, which decides,
 * and by src/registry/shown-text.ts, which shows it. Apart from both so neither imports the other.
 */

export interface AuthorizeRequest {
  tool: string;
  args: Record<string, unknown>;
  sessionId: string;
  client?: { name: string; version?: string };
  /**
   * What the call will do, worded by the app from the widget as it is when the person is asked
   * (`ActionSpec.confirmation`): shown with the question, and checked again before the call runs.
   */
  summary?: string;
}
