import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { VERSION_LABEL } from '@pass/domain';
import changelog from '../../../../../../CHANGELOG.md?raw';
import { Page } from '../../../components/page';
import { parseChangelog, parseInline } from '../lib/parse-changelog';

const sections = parseChangelog(changelog);

/** The change log, rendered from the project's CHANGELOG.md at build time. */
export default function ChangesRoute() {
  return (
    <Page name="about-changes" title="What's new">
      <Typography variant="h4" component="h1" gutterBottom>
        What&apos;s new
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {VERSION_LABEL}
      </Typography>
      {sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 4 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {section.heading}
          </Typography>
          <Box component="ul" sx={{ pl: 3, m: 0 }}>
            {section.entries.map((entry) => (
              <Typography component="li" key={entry} sx={{ mb: 0.75 }}>
                {parseInline(entry).map((segment, index) =>
                  segment.kind === 'strong' ? (
                    <strong key={index}>{segment.text}</strong>
                  ) : segment.kind === 'code' ? (
                    <code key={index}>{segment.text}</code>
                  ) : (
                    <span key={index}>{segment.text}</span>
                  ),
                )}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Page>
  );
}
