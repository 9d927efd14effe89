import type { PushSubscriptionBody } from '@pass/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { deletePushSubscription, savePushSubscription, usePushPublicKey, useSendTestPush } from './api/push-devices';

/**
 * "Notifications on this device" (decision 044): subscribes this browser to Web Push with the server's key
 * and hands the subscription to the server, or turns it off again; a test push shows it works. Loaded on its
 * own by the profile page, and only where the browser has the Push API; it shows nothing when the server has
 * push turned off.
 */

/** How long to wait for the app's service worker before saying this version of the app has none. */
const WORKER_WAIT_MS = 10_000;

type DeviceState = 'checking' | 'off' | 'on';

/** The VAPID public key as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(existing: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!existing) return false;
  const bytes = new Uint8Array(existing);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/** The app's service worker once it is active, or null when none comes within the wait. */
async function activeWorker(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const NO_WORKER =
  'This version of the app has no service worker in this browser yet, and notifications need one. Reload the ' +
  'page and try again.';
const BLOCKED =
  'Notifications are blocked for PA$$ in this browser. Allow them in the site settings (the icon beside the ' +
  'address), then try again.';

function problem(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof DOMException && error.name === 'NotAllowedError') return BLOCKED;
  return 'Notifications could not be turned on in this browser. Try again, or try another browser.';
}

export default function PushDeviceCard() {
  const { data: publicKey } = usePushPublicKey();
  const [state, setState] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ severity: 'error' | 'success' | 'info'; text: string } | null>(null);
  const test = useSendTestPush();

  useEffect(() => {
    if (!publicKey) return;
    let current = true;
    void (async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (current) setState(subscription && Notification.permission === 'granted' ? 'on' : 'off');
    })().catch(() => {
      if (current) setState('off');
    });
    return () => {
      current = false;
    };
  }, [publicKey]);

  if (!publicKey) return null;

  async function turnOn(key: string) {
    setBusy(true);
    setMessage(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setMessage({ severity: 'error', text: BLOCKED });
        return;
      }
      const registration = await activeWorker();
      if (!registration) {
        setMessage({ severity: 'error', text: NO_WORKER });
        return;
      }
      const applicationServerKey = keyBytes(key);
      let subscription = await registration.pushManager.getSubscription();
      // A subscription made with another key (the server's keys changed) cannot be pushed to any more.
      if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
      await savePushSubscription(subscription.toJSON() as PushSubscriptionBody);
      setState('on');
      setMessage({ severity: 'success', text: 'Notifications are on for this device.' });
    } catch (error) {
      setMessage({ severity: 'error', text: problem(error) });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setMessage(null);
    try {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        const { endpoint } = subscription;
        await subscription.unsubscribe();
        // Already gone from the server (another member took the device over, or it was dropped): nothing to do.
        await deletePushSubscription(endpoint).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
      }
      setState('off');
      setMessage({ severity: 'info', text: 'Notifications are off for this device.' });
    } catch (error) {
      setMessage({ severity: 'error', text: problem(error) });
    } finally {
      setBusy(false);
    }
  }

  function sendTest() {
    setMessage(null);
    test.mutate(undefined, {
      onSuccess: ({ sent }) =>
        setMessage(
          sent > 0
            ? {
                severity: 'success',
                text: `A test notification is on its way to ${sent === 1 ? 'your device' : `your ${sent} devices`}.`,
              }
            : {
                severity: 'error',
                text: 'None of your devices could be reached. Turn notifications off and on again on this device.',
              },
        ),
      onError: (error) => setMessage({ severity: 'error', text: problem(error) }),
    });
  }

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="push-device"
      sx={{ p: { xs: 2.5, sm: 4 }, mb: 3, overflowWrap: 'anywhere' }}
    >
      <Typography id="push-device" variant="h5" component="h2" sx={{ mb: 2 }}>
        Notifications on this device
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {state === 'on'
          ? 'This browser shows the notifications you turn on: pick reminders, pool results and chat mentions.'
          : 'Get the notifications you turn on (pick reminders, pool results, chat mentions) on this device, ' +
            'even when PA$$ is closed.'}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: message ? 2 : 0 }}>
        {state === 'on' ? (
          <>
            <Button variant="contained" onClick={sendTest} disabled={busy || test.isPending}>
              {test.isPending ? 'Sending…' : 'Send a test'}
            </Button>
            <Button variant="outlined" onClick={() => void turnOff()} disabled={busy}>
              Turn off on this device
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={() => void turnOn(publicKey)} disabled={busy || state === 'checking'}>
            {busy ? 'Turning on…' : 'Turn on notifications'}
          </Button>
        )}
      </Stack>
      {message ? (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      ) : null}
    </Paper>
  );
}
