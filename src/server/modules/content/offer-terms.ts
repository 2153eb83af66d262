// An offer's terms as every read that prices with them selects them, from offers aliased o: the offers module's
// lists and Hot Deals (decision 0058). Basis points or paise, as stored (migrations/0015_create_offers.sql).
export const OFFER_TERM_COLUMNS = [
  'o.discount_type',
  'o.discount_value',
  'o.min_purchase',
  'o.max_discount',
  'o.start_at',
  'o.end_at',
] as const;
