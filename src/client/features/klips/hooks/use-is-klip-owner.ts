import type { Klip } from '../../../../shared/contracts/klips.ts';
import { useAuth } from '../../../lib/auth.ts';

export type OwnedKlip = Pick<Klip, 'id' | 'uid' | 'title'>;

/** Whether the signed-in reader owns the klip (docs/product.md "Ownership"). */
export function useIsKlipOwner(klip: OwnedKlip): boolean {
  const { user } = useAuth();
  return user !== null && user.uid === klip.uid;
}
