import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';
import { brandColors } from '../../../config/theme';

const SWATCHES: { name: string; value: string; text: string }[] = [
  { name: 'Primary', value: brandColors.primary, text: '#fff' },
  { name: 'Primary, dark', value: brandColors.primaryDarken1, text: '#fff' },
  { name: 'Secondary', value: brandColors.secondary, text: '#000' },
  { name: 'Secondary, dark', value: brandColors.secondaryDarken1, text: '#000' },
  { name: 'Error', value: brandColors.error, text: '#fff' },
  { name: 'Info', value: brandColors.info, text: '#000' },
  { name: 'Success', value: brandColors.success, text: '#000' },
  { name: 'Warning', value: brandColors.warning, text: '#000' },
];

/** The brand kit: the mark, the colours with their values, and the rules for the name. */
export default function BrandAssetsRoute() {
  return (
    <Page name="brand-assets" title="Brand assets">
      <Typography variant="h4" component="h1" gutterBottom>
        Brand assets
      </Typography>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        The mark
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', my: 2 }}>
        <img src="/favicon.svg" alt="The PA$$ mark: two dollar signs on a blue square" width={96} height={96} />
        <Typography variant="h3" component="p" sx={{ fontWeight: 800, letterSpacing: 2, color: 'primary.main' }}>
          PA$$
        </Typography>
      </Box>
      <Typography sx={{ mb: 3 }}>
        Write the name PA$$, with two dollar signs, in capitals. Never &ldquo;Pass&rdquo; in a headline. The mark is a
        download of its own:{' '}
        <a href="/favicon.svg" download="pass-mark.svg">
          pass-mark.svg
        </a>
        .
      </Typography>
      <Typography variant="h6" component="h2">
        Colours
      </Typography>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        {SWATCHES.map((swatch) => (
          <Grid key={swatch.name} size={{ xs: 6, sm: 3 }}>
            <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
              <Box sx={{ bgcolor: swatch.value, color: swatch.text, height: 72, p: 1, fontWeight: 700 }}>
                {swatch.name}
              </Box>
              <Typography variant="body2" sx={{ p: 1, fontFamily: 'monospace' }}>
                {swatch.value}
              </Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
    </Page>
  );
}
