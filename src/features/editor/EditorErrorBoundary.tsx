import { Component, type ErrorInfo, type ReactNode } from 'react';
import { copy } from '../../shared/copy';
import { tokens } from '../../shared/ui/tokens';

const t = copy.descriptionEditor;

/**
 * A crash inside the editor shows 'An error was thrown.' in red instead of taking the page down
 * (docs/product.md "Description").
 */
export class EditorErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(t.renderFailed, error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <p role="alert" style={{ color: tokens.error, fontSize: '1.4rem', margin: 0 }}>
          {t.crashed}
        </p>
      );
    }
    return this.props.children;
  }
}
