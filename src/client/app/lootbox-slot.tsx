// The Loot Box in the signed-in header (HeaderSlots.lootBox, given by RootLayout): the feature's button and
// dropdown, and the Lootbox dialog that Flick Out opens (docs/product.md "Loot Box dropdown and dialog"). A chunk of
// its own, fetched once someone is signed in (app.tsx preloads it with the header's menus).
import { useState } from 'react';
import { LootBoxMenu } from '../features/lootbox/components/lootbox-menu.tsx';

export default function LootBoxSlot() {
  const [dialogOpen, setDialogOpen] = useState(false);
  // The Lootbox dialog (issue 14 item 6) is rendered here with open={dialogOpen} onOpenChange={setDialogOpen}.
  void dialogOpen;
  return <LootBoxMenu onFlickOut={() => setDialogOpen(true)} />;
}
