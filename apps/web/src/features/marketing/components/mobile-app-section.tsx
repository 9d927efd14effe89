import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useClientConfig } from '../../../lib/client-config';
import { useInstallOffer } from '../../../lib/install-prompt';
import { AppStoreBadge, GooglePlayBadge } from './store-badges';

/** Running as the installed app (opened from the home screen), where there is nothing left to install. */
function isInstalledApp(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/**
 * The home page's `/#mobile-app` section: how to put PA$$ on a phone's home screen (an Install button where
 * the browser offers one, the steps on Android and iPhone otherwise), and the store badges of the native apps,
 * each shown only when the server is configured with its address (APP_STORE_URL, PLAY_STORE_URL).
 */
export function MobileAppSection() {
  const { data: config } = useClientConfig();
  const install = useInstallOffer();
  const [installed, setInstalled] = useState(isInstalledApp);

  return (
    <Box
      component="section"
      id="mobile-app"
      aria-labelledby="mobile-app-heading"
      sx={{ py: { xs: 5, md: 8 }, scrollMarginTop: 72 }}
    >
      <Container maxWidth="md">
        <Typography id="mobile-app-heading" variant="h4" component="h2" gutterBottom>
          PA$$ on your phone
        </Typography>
        <Typography sx={{ mb: 3 }}>
          Make your picks from the couch and follow your pool on game day. Add PA$$ to your home screen and it opens
          like any app, full screen, with your schedule, stats and pools there even when the signal drops.
        </Typography>

        {installed ? (
          <Typography sx={{ mb: 3, fontWeight: 600 }}>You are using the installed app.</Typography>
        ) : (
          <>
            {install ? (
              <Button
                variant="contained"
                size="large"
                sx={{ mb: 3 }}
                onClick={() => void install().then((accepted) => setInstalled(accepted))}
              >
                Install app
              </Button>
            ) : null}
            <Grid container spacing={3} sx={{ mb: 3 }}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Typography variant="h6" component="h3" gutterBottom>
                  Android (Chrome)
                </Typography>
                <Typography component="ol" sx={{ pl: 2.5, m: 0 }}>
                  <li>Open PA$$ in Chrome.</li>
                  <li>Tap the menu (⋮) at the top right.</li>
                  <li>
                    Tap <strong>Install app</strong> (or <strong>Add to Home screen</strong>).
                  </li>
                </Typography>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Typography variant="h6" component="h3" gutterBottom>
                  iPhone and iPad (Safari)
                </Typography>
                <Typography component="ol" sx={{ pl: 2.5, m: 0 }}>
                  <li>Open PA$$ in Safari.</li>
                  <li>
                    Tap <strong>Share</strong> (the square with an arrow).
                  </li>
                  <li>
                    Tap <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
                  </li>
                </Typography>
              </Grid>
            </Grid>
          </>
        )}

        {config?.appStoreUrl || config?.playStoreUrl ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            {config.appStoreUrl ? <AppStoreBadge href={config.appStoreUrl} /> : null}
            {config.playStoreUrl ? <GooglePlayBadge href={config.playStoreUrl} /> : null}
          </Stack>
        ) : null}
      </Container>
    </Box>
  );
}
