// Deleting one's own account (docs/decisions/0076-account-deletion.md): confirmed by the password (or, for an
// account made through the external provider alone, its username), then one transaction takes everything of the
// user's, moving the counters of what others own as each row goes (decision 0041), and after the commit the
// user's media leave storage through the sweep's own steps.
import type { FastifyBaseLogger } from 'fastify';
import { ulid } from 'ulid';
import type { AccountConfirmation, DeleteAccountBody } from '../../../shared/contracts/account.ts';
import { ACCOUNT_MESSAGES } from '../../../shared/account-messages.ts';
import { normalizeUsername } from '../../../shared/contracts/auth.ts';
import { HTTP_MESSAGES } from '../../../shared/shell-messages.ts';
import { createAuthRepository } from '../../auth/auth.repository.ts';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import { runInTransaction, type Executor } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { removeMediaObjectsNow } from '../../media/media-sweep.service.ts';
import type { StorageProvider } from '../../storage/storage-provider.ts';
import { createKlipsRepository } from '../klips/klips.repository.ts';
import { createOffersRepository } from '../offers/offers.repository.ts';
import { createProductsRepository } from '../products/products.repository.ts';
import { createAccountRepository } from './account.repository.ts';

export type AccountService = ReturnType<typeof createAccountService>;

/** How the account confirms its deletion, and the e-mail its wrong guesses count against (the sign-in throttle). */
export interface DeletionCheck {
  confirmWith: AccountConfirmation;
  email: string;
}

export function createAccountService(deps: {
  db: Executor;
  storage: StorageProvider;
  /** Clears the content module's list cache: the user's products, klips and offers leave every list at once. */
  clearContentLists: () => void;
  /** Forgets when offers next start or end: the user's offers were some of them. */
  forgetOfferSchedule: () => void;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db } = deps;
  const auth = createAuthRepository(db);

  const wrongConfirmation = (confirmWith: AccountConfirmation) =>
    new AppError(
      'forbidden',
      confirmWith === 'password' ? ACCOUNT_MESSAGES.wrongPassword : ACCOUNT_MESSAGES.wrongUsername,
      { reason: 'auth/wrong-password' },
    );

  async function getDeletionCheck(userId: string): Promise<DeletionCheck> {
    const user = await auth.findUserById(userId);
    if (!user) throw new AppError('unauthorized', HTTP_MESSAGES.unauthorized);
    const hasPassword = await createAccountRepository(db).hasPassword(userId);
    return { confirmWith: hasPassword ? 'password' : 'username', email: user.email };
  }

  /** Checks the confirmation against the account; a wrong one throws 403 auth/wrong-password. */
  async function checkConfirmation(userId: string, body: DeleteAccountBody): Promise<void> {
    const hash = await auth.findPasswordHash(userId);
    if (hash) {
      // An account with a password confirms with it, never with its (public) username.
      const matches = 'password' in body && (await verifyPassword(hash, body.password));
      if (!matches) throw wrongConfirmation('password');
      return;
    }
    // No password: as long as a password check takes, so that timing does not tell which kind of account it is.
    if ('password' in body) {
      await verifyAgainstDummy(body.password);
      throw wrongConfirmation('username');
    }
    const user = await auth.findUserById(userId);
    if (!user || user.username !== normalizeUsername(body.username)) throw wrongConfirmation('username');
  }

  return {
    getDeletionCheck,

    async deleteAccount(userId: string, body: DeleteAccountBody): Promise<void> {
      await checkConfirmation(userId, body);
      const mediaIds = await runInTransaction(db, async (tx) => {
        const account = createAccountRepository(tx);
        // Another deletion of the account (a second tab) waits here, then finds no row.
        if (!(await account.lockUser(userId))) throw new AppError('unauthorized', HTTP_MESSAGES.unauthorized);
        const owned = await account.listOwnedContent(userId);
        // Their own things first, each through its module's repository: offers (their product links go with
        // them), klips (with everyone's likes, comments and views on them), products (with their images and
        // ratings, leaving the stored list counts exact).
        const offers = createOffersRepository(tx);
        for (const id of owned.offerIds) await offers.delete(id);
        const klips = createKlipsRepository(tx);
        for (const id of owned.klipIds) await klips.delete(id);
        const products = createProductsRepository(tx);
        for (const id of owned.productIds) await products.delete(id);
        // Then what they left on others' things, with the counters it moved.
        await account.deleteCommentsOf(userId);
        await account.deleteLikesOf(userId);
        await account.deleteRatingsOf(userId);
        await account.anonymiseViewsOf(userId, `deleted:${ulid()}`);
        await account.deleteFiguresOf(userId, [...owned.productIds, ...owned.klipIds, ...owned.offerIds]);
        await account.deleteUser(userId);
        return owned.mediaIds;
      });
      deps.forgetOfferSchedule();
      deps.clearContentLists();
      // After the commit, outside any transaction (storage may be slow). The account is gone whatever happens here:
      // a storage fault is logged, and what it leaves (or a video whose transcode still runs) the sweep takes.
      try {
        await removeMediaObjectsNow({ db, storage: deps.storage }, mediaIds);
      } catch (error) {
        deps.log.warn({ err: error, userId }, 'account deleted; its media are left to the media sweep');
      }
    },
  };
}
