import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';

export type KlipsNavigationState = { klipId: string };

/** Share links: /klips/{id} opens the feed at that klip (docs/product.md "Route table"). */
export function Component() {
  const { id = '' } = useParams();
  const state: KlipsNavigationState = { klipId: id };
  return <Navigate to={paths.klips.getHref()} state={state} replace />;
}
