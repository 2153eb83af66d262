// The contract's sections and figures as the page lists them, without importing the contract's values: those
// would bring its zod schemas (and the klip, offer and product schemas they build on) into the page's chunk. The
// types keep both lists complete and in step with src/shared/contracts/dashboard.ts.
import type { DashboardSection, StatKey } from '../../../shared/contracts/dashboard.ts';

export const SECTIONS = ['products', 'klips', 'offers'] as const satisfies readonly DashboardSection[];

export const STATS = [
  'productViews',
  'klipViews',
  'likes',
  'comments',
  'shares',
  'lootboxAdds',
  'contactClicks',
  'quoteRequests',
] as const satisfies readonly StatKey[];

type Missing =
  Exclude<DashboardSection, (typeof SECTIONS)[number]> | Exclude<StatKey, (typeof STATS)[number]>;
/** Fails to compile when the contract gains a section or a figure these lists lack. */
export const LISTS_ARE_COMPLETE: [Missing] extends [never] ? true : never = true;
