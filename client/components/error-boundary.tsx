// Error boundaries: a failure inside one part of the screen (the description editor, one screen's
// content, an overlay) shows a notice with a retry in that part only; the shell around it keeps
// working. The notice says "cannot reach the server" only when a request really went unanswered.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isNetworkFailure } from '../api/http';
import { useT } from '../i18n';
import { Button } from '../ui';

interface BoundaryProps {
  children: ReactNode;
  /** Renders the failure; `retry` mounts the children afresh. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
  /** A change of this value (e.g. the route path) clears a caught error, so navigating away heals. */
  resetKey?: unknown;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { resetKey: props.resetKey, error: null, failed: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console for bug reports; the user sees the notice.
    console.error('[trellis] a part of the screen failed', error, info.componentStack);
  }

  retry = () => this.setState({ error: null, failed: false });

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}

/** The notice a failed part shows: what happened (network or not) and a retry button. */
export function ErrorNotice({ error, onRetry, compact = false }: { error: unknown; onRetry: () => void; compact?: boolean }) {
  const t = useT();
  const network = isNetworkFailure(error);
  return (
    <div className={`error-notice${compact ? ' error-notice-compact' : ''}`} role="alert" data-testid="error-notice" data-kind={network ? 'network' : 'error'}>
      {!compact && <h2 className="error-notice-title">{t('page.error.title')}</h2>}
      <p className="error-notice-body">{t(network ? 'common.errorNetwork' : compact ? 'error.partFailed' : 'common.errorGeneric')}</p>
      <Button variant="secondary" size="sm" onClick={onRetry} data-testid="error-retry">
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** A boundary for one screen's content inside the shell; it clears itself when `resetKey` changes. */
export function ScreenBoundary({ children, resetKey }: { children: ReactNode; resetKey?: unknown }) {
  return (
    <ErrorBoundary resetKey={resetKey} fallback={(error, retry) => <ErrorNotice error={error} onRetry={retry} />}>
      {children}
    </ErrorBoundary>
  );
}

/** A boundary for a small part (an editor, an overlay): a one-line notice with a retry. */
export function PartBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={(error, retry) => <ErrorNotice error={error} onRetry={retry} compact />}>{children}</ErrorBoundary>;
}
