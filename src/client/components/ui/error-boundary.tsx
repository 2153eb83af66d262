// Keeps a render error inside one part of a page: the part shows its fallback (or nothing) and the rest of the
// page stays usable. React catches render errors only in a class component.
import { Component, type ReactNode } from 'react';

export class ErrorBoundary extends Component<
  { fallback?: ReactNode; onError?: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError?.();
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
