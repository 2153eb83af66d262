// /profile/{userId} and /shopstar/{username}: the same screen (docs/product.md "Route table"): cover, avatar, full
// name, @username, bio with clickable links, stats (docs/product.md "User profile"), the creator's klips (decision
// 0043; first, since the products below load by infinite scroll), their offers active now, if any, and products
// (all of them). On one's own page, 'Edit profile' opens the profile editor of /settings; an old username (decision
// 0074) answers the profile under its current name, and the address is replaced with it.
import { Pencil } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { UserProfile } from '../../../shared/contracts/users.ts';
import { PRODUCT_NAME } from '../../../shared/constants.ts';
import { CREATOR_KLIPS_MESSAGES } from '../../../shared/klip-messages.ts';
import { PROFILE_MESSAGES } from '../../../shared/profile-messages.ts';
import { getDisplayName } from '../../../shared/domain/display-name.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth.ts';
import { LinkifiedText } from '../../components/ui/linkified-text.tsx';
import { CreatorKlips } from '../../features/klips/components/creator-klips.tsx';
import { CreatorOffers } from '../../features/offers/components/creator-offers.tsx';
import { CreatorProductList } from '../../features/products/components/creator-product-list.tsx';
import { useProfile } from '../../features/users/api/profiles.ts';
import { CreatorContacts } from '../../features/users/components/creator-contacts.tsx';
import { CreatorStats } from '../../features/users/components/creator-stats.tsx';
import { PROFILE_SECTION_ID } from '../../features/users/profile-section.ts';
import { ProfileLoadError } from '../../features/users/components/profile-load-error.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';

export function Component() {
  const { username, userId } = useParams();
  const profile = useProfile({ username, userId });
  const navigate = useNavigate();
  const current = profile.data?.data.username;
  useEffect(() => {
    if (username && current && username.toLowerCase() !== current) {
      void navigate(paths.shopstar.getHref(current), { replace: true });
    }
  }, [username, current, navigate]);
  if (profile.isPending) {
    return <div aria-hidden="true" className="h-44 animate-pulse rounded-3xl bg-surface-muted" />;
  }
  if (profile.isError) {
    return <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  return <CreatorProfile profile={profile.data.data} />;
}

function CreatorProfile({ profile }: { profile: UserProfile }) {
  const name = getDisplayName(profile);
  const { user } = useAuth();
  return (
    <>
      <PageTitle>{`${name} (@${profile.username}) · ${PRODUCT_NAME}`}</PageTitle>
      <div className="-mx-4 -mt-6 h-32 overflow-hidden sm:mx-0 sm:mt-0 sm:h-48 sm:rounded-3xl md:-mt-2">
        {profile.coverImage ? (
          <img src={profile.coverImage} alt="" className="size-full object-cover" />
        ) : (
          <div className="brand-gradient size-full" aria-hidden="true" />
        )}
      </div>
      <div className="-mt-10 flex items-end justify-between gap-3 px-2">
        <Avatar
          name={name}
          src={profile.avatar}
          className="size-20 border-4 border-page text-2xl sm:size-24"
        />
        {user?.uid === profile.uid ? (
          <Link
            to={paths.settings.getHref(PROFILE_SECTION_ID)}
            className={getButtonClass({ variant: 'secondary', size: 'sm' })}
          >
            <Pencil aria-hidden="true" className="size-4" />
            {PROFILE_MESSAGES.editProfile}
          </Link>
        ) : null}
      </div>
      <div className="mt-2 min-w-0 px-2">
        <h1 className="truncate text-2xl font-extrabold tracking-tight text-ink" dir="auto">
          {name}
        </h1>
        <p className="text-ink-muted">@{profile.username}</p>
      </div>
      {profile.bio ? <LinkifiedText text={profile.bio} className="mt-4 max-w-2xl px-2 text-ink" /> : null}
      <CreatorContacts contact={profile.metadata.contactInfo} className="mt-4 px-2" />
      <CreatorStats stats={profile.stats} className="mt-4 px-2" />
      <h2 className="mt-8 mb-4 text-xl font-extrabold tracking-tight text-ink">
        {CREATOR_KLIPS_MESSAGES.heading}
      </h2>
      <CreatorKlips uid={profile.uid} label={`${name}'s klips`} />
      <CreatorOffers uid={profile.uid} />
      <h2 className="mt-10 mb-4 text-xl font-extrabold tracking-tight text-ink">Products</h2>
      <CreatorProductList uid={profile.uid} />
    </>
  );
}
