import type {
  AdminBillingStatsResponse,
  AdminPlanSubscribersResponse,
  AdminRecentSubscriptionsResponse,
  AdminSeriesInterval,
  AdminSubscriptionsOverviewResponse,
  AdminSubscriptionsSeriesResponse,
  BetSyncStatsResponse,
  BillingPlatform,
  ExportFormat,
  PayPalProvisionResponse,
  PayPalSyncResponse,
} from '@pass/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The admin's billing calls (decision 048): one query or mutation per endpoint. */

/** Rows a page of the recent subscriptions (the specification's admin default limit). */
export const RECENT_PAGE = 10;
/** Rows a page of a plan's subscribers (the specification's admin default page size). */
export const SUBSCRIBERS_PAGE = 20;

const adminBillingKey = ['admin', 'billing'] as const;

export const billingStatsQuery = () =>
  queryOptions({
    queryKey: [...adminBillingKey, 'stats'],
    queryFn: ({ signal }) => api.get<AdminBillingStatsResponse>('/billing/admin/stats', { signal }),
    staleTime: 0,
  });
export const useBillingStats = () => useQuery(billingStatsQuery());

/** Sportsbook sync's figures: linked accounts, their access and grace, and the bets synced (decision 051). */
export const betSyncStatsQuery = () =>
  queryOptions({
    queryKey: [...adminBillingKey, 'betsync'],
    queryFn: ({ signal }) => api.get<BetSyncStatsResponse>('/billing/admin/betsync-stats', { signal }),
    staleTime: 0,
  });
export const useBetSyncStats = () => useQuery(betSyncStatsQuery());

export const billingSeriesQuery = (interval: AdminSeriesInterval) =>
  queryOptions({
    queryKey: [...adminBillingKey, 'series', interval],
    queryFn: ({ signal }) =>
      api.get<AdminSubscriptionsSeriesResponse>('/billing/admin/subscriptions/series', { query: { interval }, signal }),
    staleTime: 0,
  });
export const useBillingSeries = (interval: AdminSeriesInterval) =>
  useQuery({ ...billingSeriesQuery(interval), placeholderData: keepPreviousData });

/** One page of the newest subscriptions: those older than `before` (none: the newest). */
export const recentSubscriptionsQuery = (before: number | undefined) =>
  queryOptions({
    queryKey: [...adminBillingKey, 'recent', before ?? null],
    queryFn: ({ signal }) =>
      api.get<AdminRecentSubscriptionsResponse>('/billing/admin/subscriptions/recent', {
        query: { limit: RECENT_PAGE, before },
        signal,
      }),
    staleTime: 0,
  });
export const useRecentSubscriptions = (before: number | undefined) =>
  useQuery({ ...recentSubscriptionsQuery(before), placeholderData: keepPreviousData });

export const subscriptionsOverviewQuery = () =>
  queryOptions({
    queryKey: [...adminBillingKey, 'overview'],
    queryFn: ({ signal }) =>
      api.get<AdminSubscriptionsOverviewResponse>('/billing/admin/subscriptions/overview', { signal }),
    staleTime: 0,
  });
export const useSubscriptionsOverview = () => useQuery(subscriptionsOverviewQuery());

export const planSubscribersQuery = (platform: BillingPlatform, planId: string, page: number) =>
  queryOptions({
    queryKey: [...adminBillingKey, 'plan', platform, planId, page],
    queryFn: ({ signal }) =>
      api.get<AdminPlanSubscribersResponse>(
        `/billing/admin/plans/${encodeURIComponent(platform)}/${encodeURIComponent(planId)}/subscribers`,
        { query: { page, pageSize: SUBSCRIBERS_PAGE }, signal },
      ),
    staleTime: 0,
  });
export const usePlanSubscribers = (platform: BillingPlatform, planId: string, page: number) =>
  useQuery({ ...planSubscribersQuery(platform, planId, page), placeholderData: keepPreviousData });

/** The export's address: a plain link downloads it (the answer is an attachment), with the session cookie. */
export const exportUrl = (format: ExportFormat) => `/billing/admin/subscriptions/export?format=${format}`;

/** Provisioning changes the plans' ids: the plan tables are read again. */
export function useProvisionPayPalPlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PayPalProvisionResponse>('/billing/admin/paypal-plans/provision'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBillingKey }),
  });
}

export function useSyncPayPalPlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PayPalSyncResponse>('/billing/admin/paypal-plans/sync-to-db'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBillingKey }),
  });
}
