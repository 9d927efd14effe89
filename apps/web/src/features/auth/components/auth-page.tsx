import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Page } from '../../../components/page';
import type { RouteName } from '../../../config/paths';

interface AuthPageProps {
  name: RouteName;
  /** The heading (h1) and the document title. */
  title: string;
  children: ReactNode;
}

/** The frame of the account screens: one narrow card with the screen's heading. */
export function AuthPage({ name, title, children }: AuthPageProps) {
  return (
    <Page name={name} title={title} maxWidth="sm">
      {/* Long email addresses break rather than overflow (an alert that scrolls sideways is unreadable on a phone). */}
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 480, mx: 'auto', overflowWrap: 'anywhere' }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Page>
  );
}
