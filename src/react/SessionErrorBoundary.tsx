import { Text } from 'ink';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorText } from '../util/text.js';

export interface SessionErrorBoundaryProps {
  sessionId: string;
  onError(error: unknown): void;
  children?: ReactNode;
}

/**
 * A render error inside a session ends that session only (its tools go, its calls answer
 * `session_not_running`) instead of unmounting the whole Ink app with every other session in it.
 */
export class SessionErrorBoundary extends Component<SessionErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('unknown render error') };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    const message = errorText(this.state.error);
    return (
      <Text color="red">
        ink-mcp: session "{this.props.sessionId}" stopped: its app threw while rendering ({message}).
      </Text>
    );
  }
}
