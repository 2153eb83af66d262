// The event figures while no analytics store is wired into the app (decision 0065): nothing was recorded, so every
// read is empty and the dashboard shows 0 for event figures rather than figures it cannot know.
import type { AnalyticsReads } from '../analytics/analytics-reads.ts';

export const noAnalyticsReads: AnalyticsReads = {
  totals: () => Promise.resolve([]),
  daily: () => Promise.resolve([]),
  topItems: () => Promise.resolve([]),
  klipFunnel: () => Promise.resolve([]),
};
