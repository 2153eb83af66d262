// The Loot Box in the signed-in header (HeaderSlots.lootBox, given by RootLayout): the feature's button and
// dropdown, and the Lootbox dialog that Flick Out opens (docs/product.md "Loot Box dropdown and dialog"). A chunk of
// its own, fetched once someone is signed in (app.tsx preloads it with the header's menus); the dialog, with the
// contact rows and their store-link previews, is fetched the first time Flick Out is pressed.
import { lazy, Suspense, useState } from 'react';
import { useQuoteDefaults } from '../features/lootbox/api/quote-defaults.ts';
import { LootBoxMenu } from '../features/lootbox/components/lootbox-menu.tsx';

const LootboxDialogSlot = lazy(() =>
  import('./lootbox-dialog-slot.tsx').then((module) => ({ default: module.LootboxDialogSlot })),
);

export default function LootBoxSlot() {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  return (
    <>
      <LootBoxMenu
        onFlickOut={() => {
          setDialogWanted(true);
          setDialogOpen(true);
        }}
      />
      {dialogWanted ? (
        <Suspense fallback={null}>
          <DialogWithQuoteDefaults open={dialogOpen} onOpenChange={setDialogOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The dialog, its quote form starting with the shopper's own details (asked for once the dialog is wanted). */
function DialogWithQuoteDefaults(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const quoteDefaults = useQuoteDefaults();
  return <LootboxDialogSlot {...props} quoteDefaults={quoteDefaults} />;
}
