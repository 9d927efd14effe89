import type {
  JoinedWithNewAccountResponse,
  JoinVerificationSentResponse,
  JoinWithNewAccountBody,
  PoolDetail,
} from '@pass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeSessionUser, toSessionUser } from '../../../lib/session-user';
import { forgetUserData } from '../lib/forget-user-data';

/** What creating the account on an invitation's page came to: joined and signed in, or a confirmation mailed. */
export type JoinWithNewAccountOutcome =
  { status: 'joined'; pool: PoolDetail } | { status: 'verification_sent'; email: string };

/**
 * `POST /api/pools/accept/new-account`: 201 signed in and in the pool (the account stored as a login stores it),
 * 202 when another address than the invited one was given (its confirmation mail is on its way).
 */
export function useJoinWithNewAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: JoinWithNewAccountBody): Promise<JoinWithNewAccountOutcome> => {
      const response = await api.post<JoinedWithNewAccountResponse | JoinVerificationSentResponse>(
        '/api/pools/accept/new-account',
        body,
      );
      if ('status' in response.data) return { status: 'verification_sent', email: response.data.email };
      forgetUserData(queryClient);
      storeSessionUser(toSessionUser(response.data.user));
      void queryClient.invalidateQueries({ queryKey: ['pools'] });
      return { status: 'joined', pool: response.data.pool };
    },
  });
}
