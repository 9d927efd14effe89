import { lazy, Suspense } from 'react';
import { Loading } from '../../components/loading';
import { SectionCard } from '../../components/section-card';
import { UserProfileScreen } from '../../features/auth/routes/user-profile';
import { useInvalidateLedger } from '../../lib/ledger-cache';
import { PlayLimitsSection } from '../../features/stats/components/play-limits-form';
import { browserSupportsPush } from '../../features/notifications/push-support';

// Its own chunk, fetched only in a browser that can receive push.
const PushDeviceCard = lazy(() => import('../../features/notifications/push-device-card'));
const ProfileBillingSection = lazy(() => import('../../features/billing/components/profile-billing-section'));
const SyncAccountsSection = lazy(() => import('../../features/sync/components/sync-accounts-section'));
const SyncUpload = lazy(() => import('../../features/sync/components/sync-upload'));

/** `/user/profile`: the account's own sections, then each feature's section about the member's settings. */
export default function UserProfilePage() {
  // An upload adds entries to the ledger: its lists and stats are stale after it.
  const invalidateLedger = useInvalidateLedger();
  return (
    <UserProfileScreen>
      {browserSupportsPush() ? (
        <Suspense fallback={null}>
          <PushDeviceCard />
        </Suspense>
      ) : null}
      <SectionCard id="profile-billing" title="PA$$ Sync">
        <Suspense fallback={<Loading label="Loading your subscriptions…" />}>
          <ProfileBillingSection />
        </Suspense>
      </SectionCard>
      <SectionCard id="profile-bet-sync" title="Bet sync">
        <Suspense fallback={<Loading label="Loading your linked sportsbooks…" />}>
          <SyncAccountsSection
            uploadControl={(account) => (
              <Suspense fallback={null}>
                <SyncUpload account={account} onSynced={invalidateLedger} />
              </Suspense>
            )}
          />
        </Suspense>
      </SectionCard>
      <SectionCard id="profile-responsible-play" title="Responsible play">
        <PlayLimitsSection />
      </SectionCard>
    </UserProfileScreen>
  );
}
