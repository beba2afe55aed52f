import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorStatus } from '../../api/errors';
import { ErrorScreen } from './ErrorScreen';

interface AppErrorBoundaryProps {
  children: ReactNode;
  /** Renders the fallback; the generic error screen by default. */
  fallback?: (props: { error: unknown; status: number | undefined; reset: () => void }) => ReactNode;
  /** Status shown when the error carries none (a plain render error). */
  fallbackStatus?: number;
}

interface AppErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/**
 * Error boundary for subtrees outside the router's own error handling (providers, or a page section that
 * wants its own fallback). `reset()` clears the error and renders the children again.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  reset = () => {
    this.setState({ error: null, hasError: false });
  };

  override render() {
    const { hasError, error } = this.state;
    if (!hasError) return this.props.children;
    const status = errorStatus(error) ?? this.props.fallbackStatus;
    if (this.props.fallback) return this.props.fallback({ error, status, reset: this.reset });
    return <ErrorScreen status={status} onReset={this.reset} />;
  }
}
