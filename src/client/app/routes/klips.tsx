// TEMPORARY page wiring for the social tests (issue 15 item 7 and 8 branch): each klip of the list as an
// <article data-klip-id> with its poster, KlipActions and KlipProductCard. The integrator replaces this with the
// klips page (grid, theater and snap feed), keeping KlipLootBoxSlot around it.
import { useKlipList, flattenKlipPages } from '../../features/klips/api/klips.ts';
import { KlipActions } from '../../features/klips/components/klip-actions.tsx';
import { KlipProductCard } from '../../features/klips/components/klip-product-card.tsx';
import { KlipLootBoxSlot } from '../klip-lootbox-slot.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { KLIPS_MESSAGES } from '../../../shared/messages.ts';

export function Component() {
  const query = useKlipList({});
  const klips = flattenKlipPages(query.data?.pages);
  return (
    <KlipLootBoxSlot>
      <PageHeader title={KLIPS_MESSAGES.title} subtitle={KLIPS_MESSAGES.tagline} />
      <div className="flex flex-col items-center gap-6">
        {klips.map((klip) => (
          <article
            key={klip.id}
            data-klip-id={klip.id}
            aria-label={klip.title}
            className="relative aspect-[9/16] w-full max-w-[350px] overflow-hidden rounded-3xl bg-stone-950"
          >
            {klip.thumbnail ? (
              <img src={klip.thumbnail} alt="" className="absolute inset-0 size-full object-cover" />
            ) : null}
            <div className="absolute inset-x-0 bottom-0 h-3/5 bg-gradient-to-t from-black/85 via-black/45 to-transparent" />
            <div className="absolute inset-x-0 bottom-0 flex items-end gap-3 p-4 pb-5 text-white">
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <KlipProductCard klip={klip} />
                <h2 className="text-base font-bold">{klip.title}</h2>
              </div>
              <KlipActions klip={klip} />
            </div>
          </article>
        ))}
      </div>
    </KlipLootBoxSlot>
  );
}
