// Rows read by id come back in no particular order; a page that was chosen as a list of ids shows them in its order.

/** The items in the order of `ids`; ids without an item are left out. */
export function inOrderOf<Item extends { id: string }>(
  ids: readonly string[],
  items: readonly Item[],
): Item[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}
