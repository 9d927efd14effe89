import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LegalDocumentSlug } from '@pass/contracts';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import type { RouteName } from '../../../config/paths';
import { useLegalText } from '../api/get-legal-text';

interface LegalDocumentProps {
  route: RouteName;
  slug: LegalDocumentSlug;
  title: string;
}

/** A legal text loaded from the server, with a loading state and the specification's failure message. */
export function LegalDocument({ route, slug, title }: LegalDocumentProps) {
  const { data, isPending, isError } = useLegalText(slug);
  return (
    <Page name={route} title={title}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {isPending ? <Loading label={`Loading the ${title}…`} /> : null}
      {isError ? <Alert severity="error">Failed to load {title}</Alert> : null}
      {data ? (
        <Box
          className="legal-text"
          sx={{ '& h2': { typography: 'h6', mt: 3, mb: 1 }, '& p, & li': { typography: 'body1' }, '& ul': { pl: 3 } }}
          // The text is the service's own, stored by the operator; it is not user input.
          dangerouslySetInnerHTML={{ __html: data.htmlContent }}
        />
      ) : null}
    </Page>
  );
}
