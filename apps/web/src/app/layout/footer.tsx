import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VERSION_LABEL } from '@pass/domain';
import { RouteLink } from '../../components/route-link';
import { useClientConfig } from '../../lib/client-config';

export function Footer() {
  const { data: config } = useClientConfig();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', mt: 'auto', py: 3, bgcolor: 'grey.50' }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 3 }}
          sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
        >
          <RouteLink to="privacy" color="inherit">
            Privacy
          </RouteLink>
          <RouteLink to="tos" color="inherit">
            Terms
          </RouteLink>
          <RouteLink to="pool-party-rules" color="inherit">
            Pool Party Rules
          </RouteLink>
          <RouteLink to="about" color="inherit">
            About
          </RouteLink>
          {config ? (
            <Link href={`mailto:${config.supportEmail}`} color="inherit">
              Support: {config.supportEmail}
            </Link>
          ) : null}
          <Box sx={{ flexGrow: 1 }} />
          <RouteLink
            to="about-changes"
            color="text.secondary"
            variant="body2"
            fallback={<Typography variant="body2">{VERSION_LABEL}</Typography>}
          >
            {VERSION_LABEL}
          </RouteLink>
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} PA$$. Not a wagering site.
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
