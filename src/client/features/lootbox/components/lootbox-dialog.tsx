// 'Your Lootbox (N items)' (docs/product.md "Loot Box dropdown and dialog", "Loot Box dialog"): the tabs Direct
// Connect (per-seller contact and one combined quote) and Share Lootbox. A full-screen sheet on a phone, a centred
// dialog from the md breakpoint (768 px). The contact options per item come from the caller (client features do
// not import each other; src/client/app/lootbox-dialog-slot.tsx hands in the products feature's).
import { PackageOpen } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useMemo, useState } from 'react';
import { SHARED_LOOTBOX_IDS_MAX } from '../../../../shared/constants.ts';
import { Toaster } from 'react-hot-toast';
import type { LootboxItem } from '../../../../shared/contracts/lootbox.ts';
import { buildLootboxShareLink } from '../../../../shared/domain/share-links.ts';
import { LOOTBOX_MESSAGES } from '../../../../shared/lootbox-messages.ts';
import { DialogShell, DialogTitleBar } from '../../../components/ui/dialog-shell.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useSharedProductsInChunks } from '../api/shared-products.ts';
import { useCart } from '../cart-context.ts';
import type { QuoteDefaults } from '../api/quote-defaults.ts';
import { DirectConnect, type RenderContactOptions } from './direct-connect.tsx';
import { ShareLootbox } from './share-lootbox.tsx';

/** The dialog's own toaster: a modal dialog hides the rest of the page, and its toasts with it. */
export const LOOTBOX_TOASTER_ID = 'lootbox-dialog';

export type LootboxTab = 'direct-connect' | 'share-lootbox';

const TAB_CLASS =
  'flex-1 rounded-full px-3 py-2 text-sm font-semibold text-ink-muted transition-colors hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm';

export function LootboxDialog({
  open,
  onOpenChange,
  renderContactOptions,
  toasterId = LOOTBOX_TOASTER_ID,
  quoteDefaults,
}: {
  open: boolean;
  /** The signed-in shopper's name, e-mail and phone, which the quote form starts with. */
  quoteDefaults?: QuoteDefaults | undefined;
  onOpenChange: (open: boolean) => void;
  renderContactOptions?: RenderContactOptions | undefined;
  /** Where the dialog's toasts go, and the toaster it holds; the contact options' toaster when they have one. */
  toasterId?: string | undefined;
}) {
  const { items, itemCount, totalValue } = useCart();
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="pb-safe inset-0 flex h-dvh flex-col md:m-auto md:h-fit md:max-h-[85dvh] md:w-[42rem] md:rounded-3xl md:border md:border-line"
    >
      <DialogTitleBar
        title={LOOTBOX_MESSAGES.dialogTitle(itemCount)}
        closeLabel={LOOTBOX_MESSAGES.close}
        className="gap-3 border-b border-line px-4 py-3 md:px-6 md:py-4"
      />
      {items.length === 0 ? (
        <div className="p-4 md:p-6">
          <EmptyState icon={PackageOpen} title={LOOTBOX_MESSAGES.dialogEmpty} />
        </div>
      ) : (
        // Mounted on every opening: the selection, the dialog's quantities and the quote form start afresh.
        <LootboxDialogBody
          items={items}
          itemCount={itemCount}
          totalValue={totalValue}
          renderContactOptions={renderContactOptions}
          toasterId={toasterId}
          quoteDefaults={quoteDefaults}
        />
      )}
      {/* Inside the dialog, so its toasts are not hidden with the rest of the page. */}
      <Toaster toasterId={toasterId} />
    </DialogShell>
  );
}

function LootboxDialogBody({
  items,
  itemCount,
  totalValue,
  renderContactOptions,
  toasterId,
  quoteDefaults,
}: {
  items: LootboxItem[];
  itemCount: number;
  totalValue: number;
  renderContactOptions: RenderContactOptions | undefined;
  toasterId: string;
  quoteDefaults: QuoteDefaults | undefined;
}) {
  const idsKey = items.map((item) => item.productId).join(',');
  const ids = useMemo(() => (idsKey ? idsKey.split(',') : []), [idsKey]);
  // docs/product.md "Loot Box dialog": opening fetches each item's product details and builds the share link.
  // In chunks of SHARED_LOOTBOX_IDS_MAX: a Loot Box holds up to CART_ITEMS_MAX items, one request takes fewer.
  const details = useSharedProductsInChunks(ids);
  // A share link holds at most SHARED_LOOTBOX_IDS_MAX products (the shared page refuses more): a larger Loot Box
  // shares its first ones, and the Share tab says so (ours).
  const sharedIds = useMemo(() => ids.slice(0, SHARED_LOOTBOX_IDS_MAX), [ids]);
  // docs/product.md "Shown price": an item added with an offer running now is priced with it on the shared page
  // too, so the link says which offer each such item was claimed with.
  const claimedOffers = useMemo(
    () =>
      new Map(
        items.flatMap((item) =>
          item.appliedOffer ? [[item.productId, item.appliedOffer.offerId] as const] : [],
        ),
      ),
    [items],
  );
  const shareLink = useMemo(
    () => buildLootboxShareLink(window.location.origin, sharedIds, claimedOffers),
    [sharedIds, claimedOffers],
  );
  const products = useMemo(
    () => new Map((details.data?.products ?? []).map((product) => [product.id, product])),
    [details.data],
  );
  const [tab, setTab] = useState<LootboxTab>('direct-connect');
  // docs/product.md "Error texts: Contact and quote": product fetches inside the dialog are skipped on failure
  // (the items show without their contact options) and only logged.
  useEffect(() => {
    if (details.error) console.warn('Loot Box dialog: product details failed to load', details.error);
  }, [details.error]);

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setTab(value as LootboxTab)}
      className="flex min-h-0 flex-1 flex-col"
    >
      <Tabs.List
        aria-label={LOOTBOX_MESSAGES.dialogTitle(itemCount)}
        className="mx-4 mt-3 flex gap-1 rounded-full bg-surface-muted p-1 md:mx-6"
      >
        <Tabs.Trigger value="direct-connect" className={TAB_CLASS}>
          {LOOTBOX_MESSAGES.directConnect}
        </Tabs.Trigger>
        <Tabs.Trigger value="share-lootbox" className={TAB_CLASS}>
          {LOOTBOX_MESSAGES.shareLootbox}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="direct-connect" className="flex min-h-0 flex-1 flex-col outline-none">
        <DirectConnect
          items={items}
          products={products}
          status={details.isPending ? 'loading' : details.isError ? 'error' : 'ready'}
          renderContactOptions={renderContactOptions}
          toasterId={toasterId}
          quoteDefaults={quoteDefaults}
        />
      </Tabs.Content>
      <Tabs.Content value="share-lootbox" className="min-h-0 flex-1 overflow-y-auto outline-none">
        <ShareLootbox
          link={shareLink}
          linkNote={
            ids.length > sharedIds.length
              ? LOOTBOX_MESSAGES.shareLinkPartial(sharedIds.length, ids.length)
              : undefined
          }
          itemCount={itemCount}
          totalValue={totalValue}
          toasterId={toasterId}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
