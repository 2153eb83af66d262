// STUB (issue 15, player branch replaces it): the full-screen vertical snap feed under 768 px.
import type { ReactNode } from 'react';
import type { KlipSequence } from './klip-sequence.ts';

export type KlipFeedProps = {
  sequence: KlipSequence;
  status: 'loading' | 'error' | 'ready';
  /** Try Again after 'Something went wrong'. */
  onRetry: () => void;
  /** The klip to open at and autoplay (share link or hand-off); the first klip when null or not loaded. */
  startKlipId: string | null;
  /** Shown over the top of the feed (the page's title and search). */
  header?: ReactNode;
};

export function KlipFeed(_props: KlipFeedProps) {
  return null;
}
