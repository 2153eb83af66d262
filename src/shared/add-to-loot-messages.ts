// The Add to Loot button's texts, which a klip's product card shows as well as the product page (docs/product.md
// "Add to Loot Box from a klip"): apart, so that the klips feed does not carry all of LOOTBOX_MESSAGES.
export const ADD_TO_LOOT_MESSAGES = {
  addToLoot: 'Add to Loot',
  addFailedShort: 'Failed to add to Loot Box',
} as const;
