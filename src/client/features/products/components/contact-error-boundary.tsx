// Spec §8: when the contact dialog fails ('Something went wrong. Please try again.'), it says so and closes
// instead of leaving a broken sheet on the page. React catches render errors only in a class component.
import { Component, type ReactNode } from 'react';

export class ContactErrorBoundary extends Component<
  { onError: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
