import type { BillingSubscription } from '@pass/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { useBillingUser, useCancelSubscription, useSubscriptions } from '../api/billing';
import { SubscribePanel, usePayPalDocument } from './subscribe-panel';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const platformName = (subscription: BillingSubscription) =>
  subscription.billing_platform === 'paypal' ? 'PayPal' : 'the app store';

/** A status as members read it: PayPal's words, in sentence case. */
const statusText = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ');

/**
 * The profile's PA$$ Sync section: the member's subscriptions (plan, status, next billing date) each with
 * Cancel, asked for again in a dialog and sent to its provider's cancel call; then the plan selector.
 */
export function ProfileBillingSection() {
  const subscriptions = useSubscriptions();
  const billingUser = useBillingUser();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState<BillingSubscription | null>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const pageState = usePayPalDocument();

  const confirmCancel = () => {
    const subscription = confirming;
    setConfirming(null);
    if (!subscription || !billingUser.data) return;
    setMessage(null);
    cancel.mutate(
      { billingId: billingUser.data, subscription },
      {
        onSuccess: (result) =>
          setMessage({
            severity: 'success',
            text: `Your ${result.plan_name} is ${statusText(result.status).toLowerCase()}.`,
          }),
        onError: (error) =>
          setMessage({
            severity: 'error',
            text:
              error instanceof ApiError && error.body
                ? error.message
                : 'The subscription could not be cancelled just now. Please try again.',
          }),
      },
    );
  };

  if (pageState !== 'ready') return <Loading label="Loading your subscriptions…" />;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3">
        Your subscriptions
      </Typography>
      {subscriptions.isPending ? <Loading label="Loading your subscriptions…" /> : null}
      {subscriptions.isError ? (
        <Alert severity="error">Could not load your subscriptions. Reload the page to try again.</Alert>
      ) : null}
      {subscriptions.data?.length === 0 ? <Typography>You have no subscriptions yet.</Typography> : null}
      {subscriptions.data?.map((subscription) => (
        <Paper
          key={`${subscription.billing_platform}-${subscription.subscription_id}`}
          variant="outlined"
          component="article"
          aria-label={`${subscription.plan_name} ${subscription.subscription_id}`}
          sx={{ p: 2 }}
        >
          <Typography sx={{ fontWeight: 600 }}>{subscription.plan_name}</Typography>
          <Typography variant="body2">
            Status: {statusText(subscription.status)} · through {platformName(subscription)}
          </Typography>
          <Typography variant="body2">
            {subscription.active && subscription.next_billing_at
              ? `Next billing date: ${dateText(subscription.next_billing_at)}`
              : 'No further billing'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Subscription id: {subscription.subscription_id}
          </Typography>
          {subscription.active ? (
            <Button
              color="error"
              variant="outlined"
              size="small"
              sx={{ mt: 1 }}
              disabled={cancel.isPending || !billingUser.data}
              onClick={() => setConfirming(subscription)}
            >
              Cancel {subscription.plan_name}
            </Button>
          ) : null}
        </Paper>
      ))}
      {message ? (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      ) : null}
      <Typography variant="h6" component="h3" sx={{ pt: 1 }}>
        Plans
      </Typography>
      <SubscribePanel />
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby="cancel-subscription-title"
      >
        <DialogTitle id="cancel-subscription-title">Cancel your subscription?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirming
              ? `Your ${confirming.plan_name} will be cancelled with ${platformName(confirming)} and its sync and college access end.`
              : null}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Keep it</Button>
          <Button color="error" variant="contained" onClick={confirmCancel}>
            Cancel subscription
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

export default ProfileBillingSection;
