// Where a klip's owner gets its Edit and Delete (docs/product.md "Ownership"): the controls themselves
// (klip-owner-actions.tsx, with Radix's menu and confirm dialog) load only once the klip is known to be the reader's,
// so the Klips page and a creator's profile do not carry them for every shopper. While they load, a box of their
// size holds their place.
import { MoreHorizontal } from 'lucide-react';
import { Suspense } from 'react';
import { KLIP_FORM_MESSAGES } from '../../../../shared/klip-form-messages.ts';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import { useIsKlipOwner, type OwnedKlip } from '../hooks/use-is-klip-owner.ts';
import { KlipActionButton } from './klip-action-button.tsx';

const loadActions = () => import('./klip-owner-actions.tsx');
const CardActions = lazyWithPreload(() =>
  loadActions().then((module) => ({ default: module.KlipCardOwnerActions })),
);
const OwnerMenu = lazyWithPreload(() => loadActions().then((module) => ({ default: module.KlipOwnerMenu })));

/** Edit and Delete under the klip's card, for its owner. */
export function KlipCardOwnerSlot({ klip }: { klip: OwnedKlip }) {
  if (!useIsKlipOwner(klip)) return null;
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-8" />}>
      <CardActions klip={klip} />
    </Suspense>
  );
}

/** The Manage button in the playing klip's action column, for its owner. */
export function KlipOwnerMenuSlot({ klip }: { klip: OwnedKlip }) {
  if (!useIsKlipOwner(klip)) return null;
  return (
    <Suspense
      fallback={
        <KlipActionButton
          disabled
          aria-label={KLIP_FORM_MESSAGES.manageLabel}
          icon={<MoreHorizontal aria-hidden="true" className="size-6" />}
          count={KLIP_FORM_MESSAGES.manage}
        />
      }
    >
      <OwnerMenu klip={klip} />
    </Suspense>
  );
}
