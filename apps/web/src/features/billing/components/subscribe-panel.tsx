import type { BillingPlan, CheckSubscriptionsRequiredResponse, MissingSubscription } from '@pass/contracts';
import { PLANS, priceSentence } from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Loading } from '../../../components/loading';
import { useClientConfig } from '../../../lib/client-config';
import { SignedOutNote } from './signed-out-note';
import { confirmPayPalSubscription, useBillingUser, useCheckSubscriptions, usePlans } from '../api/billing';
import { useSessionUser } from '../../../lib/use-session-user';
import { documentAllowsPayPal, loadPayPalSdk, reportPayPalError } from '../lib/paypal-sdk';

/** The specification's alerts (section 8), word for word. */
export const SUBSCRIPTION_SUCCESS = 'Subscription successful! Your PA$$ Sync access is now active.';
export const SUBSCRIPTION_ERROR = 'There was an error processing your subscription. Please try again.';
export function confirmFailedMessage(subscriptionId: string, supportEmail: string | undefined): string {
  return (
    `PayPal approved your subscription, but PA$$ could not confirm it yet. Please contact support` +
    `${supportEmail ? ` at ${supportEmail}` : ''} with your subscription id ${subscriptionId}.`
  );
}

const membershipFirst = <T extends { code: string }>(plans: readonly T[]): T[] =>
  plans.slice().sort((a, b) => (a.code === 'member' ? -1 : b.code === 'member' ? 1 : 0));

/**
 * The missing plans PayPal sells that the member's linked sportsbooks need, the membership first: none while
 * every linked account is covered (a member without a linked book is shown the plans, nothing chosen for them).
 */
export function neededForSync(
  check: CheckSubscriptionsRequiredResponse['data'] | undefined,
  plans: readonly BillingPlan[],
): MissingSubscription[] {
  if (!check?.betsync_accounts.some((account) => !account.covered)) return [];
  return membershipFirst(check.missing_subscriptions).filter(
    (entry) => entry.paypal.plan_id !== null && plans.some((plan) => plan.code === entry.code),
  );
}

/** "the PA$$ Sync Member Plan and 2 PA$$ Sync Add-On Accounts". */
function neededText(needed: readonly MissingSubscription[]): string {
  const addOns = needed.filter((entry) => entry.code === 'add_on').length;
  return [
    ...(needed.some((entry) => entry.code === 'member') ? [`the ${PLANS.member.name}`] : []),
    ...(addOns > 0 ? [addOns === 1 ? `a ${PLANS.add_on.name}` : `${addOns} ${PLANS.add_on.name}s`] : []),
  ].join(' and ');
}

/** The plan select button shows only for a plan the member lacks that PayPal sells (specification section 5). */
export function missingForPayPal(plan: BillingPlan, missing: MissingSubscription[]): MissingSubscription | undefined {
  return missing.find((entry) => entry.code === plan.code && entry.paypal.plan_id !== null);
}

type Notice = { severity: 'error' | 'warning'; text: string } | null;

/**
 * The plans on sale with their price (from the domain's terms), a Choose button on each plan the member lacks,
 * and PayPal's button for the chosen one. Approval is confirmed with the server; success shows the
 * specification's alert and, once it is closed, `onSubscribed` runs (the page reloads by default). Cancelling
 * in PayPal's window clears the choice without a word.
 */
export function SubscribePanel({ onSubscribed }: { onSubscribed?: () => void }) {
  const signedIn = useSessionUser() !== null;
  const plans = usePlans();
  const check = useCheckSubscriptions(signedIn);
  const billingUser = useBillingUser(signedIn);
  const config = useClientConfig();
  const queryClient = useQueryClient();
  // Undefined until the member chooses: then the plan their linked sportsbooks need is the one selected.
  const [chosen, setSelected] = useState<MissingSubscription | null | undefined>(undefined);
  const [notice, setNotice] = useState<Notice>(null);
  const [succeeded, setSucceeded] = useState(false);

  const pageState = usePayPalDocument();

  const done = () => {
    setSucceeded(false);
    if (onSubscribed) onSubscribed();
    else window.location.reload();
  };

  if (pageState !== 'ready' || plans.isPending || (signedIn && check.isPending)) {
    return <Loading label="Loading the plans…" />;
  }
  if (plans.isError || check.isError) {
    return <Alert severity="error">Could not load the plans. Reload the page to try again.</Alert>;
  }
  const missing = check.data?.missing_subscriptions ?? [];
  const paypal = config.data?.paypal ?? null;
  const active = (check.data?.billing_subscriptions ?? []).filter((subscription) => subscription.active);
  const needed = neededForSync(check.data, plans.data);
  const selected = chosen === undefined ? (paypal && billingUser.data ? (needed[0] ?? null) : null) : chosen;

  return (
    <Stack spacing={2}>
      {active.length > 0 ? (
        <Alert severity="success" role="status">
          Your {active.map((subscription) => subscription.plan_name).join(' and ')} {active.length > 1 ? 'are' : 'is'}{' '}
          active.
        </Alert>
      ) : null}
      {needed.length > 0 ? (
        <Alert severity="info" role="status">
          Your linked sportsbooks need {neededText(needed)}.{' '}
          {needed.length > 1 ? 'Subscribe to one, then the next.' : null}
        </Alert>
      ) : null}
      {membershipFirst(plans.data).map((plan) => {
        const need = missingForPayPal(plan, missing);
        const isSelected = selected?.code === plan.code;
        return (
          <Paper
            key={plan.code}
            variant="outlined"
            component="section"
            aria-label={PLANS[plan.code].name}
            sx={{ p: 2.5 }}
          >
            <Typography variant="h6" component="h3">
              {PLANS[plan.code].name}
            </Typography>
            <Typography sx={{ mt: 0.5 }}>{PLANS[plan.code].description}</Typography>
            <Typography sx={{ mt: 1, fontWeight: 600 }}>{priceSentence(plan.code, plan.price_tier)}</Typography>
            {need && !isSelected ? (
              <Button
                variant="contained"
                sx={{ mt: 2 }}
                disabled={!paypal || !billingUser.data}
                onClick={() => {
                  setNotice(null);
                  setSelected(need);
                }}
              >
                Choose {PLANS[plan.code].name}
              </Button>
            ) : null}
            {selected && isSelected && paypal && billingUser.data ? (
              <PayPalButton
                key={selected.paypal.plan_id ?? plan.code}
                planId={selected.paypal.plan_id!}
                billingId={billingUser.data}
                clientId={paypal.clientId}
                sdkUrl={paypal.sdkUrl}
                onApproved={async (subscriptionId) => {
                  try {
                    await confirmPayPalSubscription(billingUser.data, subscriptionId);
                    setSelected(null);
                    setSucceeded(true);
                    void queryClient.invalidateQueries({ queryKey: ['billing'] });
                    void queryClient.invalidateQueries({ queryKey: ['auth', 'whoami'] });
                  } catch (error) {
                    reportPayPalError(error);
                    setSelected(null);
                    setNotice({
                      severity: 'warning',
                      text: confirmFailedMessage(subscriptionId, config.data?.supportEmail),
                    });
                  }
                }}
                onCancelled={() => setSelected(null)}
                onFailed={(error) => {
                  reportPayPalError(error);
                  setSelected(null);
                  setNotice({ severity: 'error', text: SUBSCRIPTION_ERROR });
                }}
                onUnavailable={(error) => {
                  reportPayPalError(error);
                  setNotice({
                    severity: 'error',
                    text: `PayPal could not be loaded, so subscribing is not possible just now. Reload the page to try again. (${error instanceof Error ? error.message : String(error)})`,
                  });
                }}
              />
            ) : null}
            {isSelected ? (
              <Button sx={{ mt: 1 }} onClick={() => setSelected(null)}>
                Choose later
              </Button>
            ) : null}
          </Paper>
        );
      })}
      {!signedIn ? <SignedOutNote what="subscribe" /> : null}
      {signedIn && !paypal && config.data ? (
        <Alert severity="info" role="status">
          Subscribing with PayPal is not available on this server.
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity={notice.severity} role="alert">
          {notice.text}
        </Alert>
      ) : null}
      <Dialog open={succeeded} onClose={done} aria-labelledby="subscription-success-title">
        <DialogTitle id="subscription-success-title">PA$$ Sync</DialogTitle>
        <DialogContent>
          <DialogContentText>{SUBSCRIPTION_SUCCESS}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={done} variant="contained" autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/**
 * Whether this page may show PayPal's button: 'pending' while the settings load, 'reloading' when the document
 * runs under another page's strict policy (reached by in-app navigation) and is being loaded anew, else 'ready'
 * (decision 046). Visitors and servers without PayPal are 'ready' at once: there is no button to show.
 */
export function usePayPalDocument(): 'pending' | 'reloading' | 'ready' {
  const signedIn = useSessionUser() !== null;
  const config = useClientConfig();
  const reload = signedIn && Boolean(config.data?.paypal) && !documentAllowsPayPal();
  useEffect(() => {
    if (reload) window.location.reload();
  }, [reload]);
  if (signedIn && config.isPending) return 'pending';
  return reload ? 'reloading' : 'ready';
}

interface PayPalButtonProps {
  planId: string;
  billingId: string;
  clientId: string;
  sdkUrl: string;
  onApproved(subscriptionId: string): Promise<void>;
  onCancelled(): void;
  onFailed(error: unknown): void;
  onUnavailable(error: unknown): void;
}

/** PayPal's button for one plan, with the billing id as the subscription's `custom_id`. */
function PayPalButton(props: PayPalButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const [loading, setLoading] = useState(true);
  const { planId, billingId, clientId, sdkUrl } = props;

  useEffect(() => {
    let live = true;
    loadPayPalSdk(sdkUrl, clientId)
      .then((paypal) => {
        if (!live || !container.current) return;
        container.current.replaceChildren();
        return paypal
          .Buttons({
            style: { layout: 'vertical', label: 'subscribe' },
            createSubscription: (_data, actions) =>
              actions.subscription.create({ plan_id: planId, custom_id: billingId }),
            onApprove: async (data) => {
              if (!data.subscriptionID) {
                latest.current.onFailed(new Error('PayPal approved without a subscription id'));
                return;
              }
              await latest.current.onApproved(data.subscriptionID);
            },
            onCancel: () => latest.current.onCancelled(),
            onError: (error) => latest.current.onFailed(error),
          })
          .render(container.current);
      })
      .then(
        () => live && setLoading(false),
        (error: unknown) => {
          if (!live) return;
          setLoading(false);
          latest.current.onUnavailable(error);
        },
      );
    return () => {
      live = false;
    };
  }, [planId, billingId, clientId, sdkUrl]);

  return (
    <Box sx={{ mt: 2, maxWidth: 360 }}>
      {loading ? <Loading label="Loading PayPal…" /> : null}
      <div ref={container} data-testid="paypal-buttons" />
    </Box>
  );
}
