// What the seller's dashboard reads from analytics (decision 0064): counted events of one seller over the seller's
// local days [from, to] (YYYY-MM-DD, both included, in the zone of the seller's user row, decision 0079), from the
// daily roll-ups plus the live tail the roll-up has not reached yet.
// Behind this one interface so that a column store can take over from PostgreSQL without the dashboard changing.

export interface AnalyticsReads {
  /** Per event type and detail (contact channel, share method; '' for none). */
  totals(
    sellerId: string,
    from: string,
    to: string,
  ): Promise<Array<{ type: string; detail: string; count: number }>>;
  /** Per local day (YYYY-MM-DD) and event type. */
  daily(
    sellerId: string,
    from: string,
    to: string,
  ): Promise<Array<{ day: string; type: string; count: number }>>;
  /** The seller's items of `itemType` with the most events of `types`, most first, at most `limit`. */
  topItems(
    sellerId: string,
    from: string,
    to: string,
    options: { itemType: 'product' | 'klip'; types: readonly string[]; limit: number },
  ): Promise<Array<{ itemId: string; count: number }>>;
  /** Events attributed to each of these klips (klip_product_tap, lootbox_add, contact_click, quote_request), per type. */
  klipFunnel(
    sellerId: string,
    from: string,
    to: string,
    klipIds: readonly string[],
  ): Promise<Array<{ klipId: string; type: string; count: number }>>;
}
