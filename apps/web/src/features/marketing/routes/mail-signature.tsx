import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Page } from '../../../components/page';
import { brandColors } from '../../../config/theme';

/** A mail signature to copy into a mail client: name and title typed here, the PA$$ line below. */
export default function MailSignatureRoute() {
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [copied, setCopied] = useState(false);
  const signature = useRef<HTMLDivElement>(null);
  const site = window.location.origin;

  async function copy() {
    const html = signature.current?.innerHTML ?? '';
    const text = signature.current?.innerText ?? '';
    try {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob([text], { type: 'text/plain' }),
        }),
      ]);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <Page name="mail-signature" title="Mail signature" maxWidth="sm">
      <Typography variant="h4" component="h1" gutterBottom>
        Mail signature
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
        <TextField label="Your name" value={name} onChange={(event) => setName(event.target.value)} />
        <TextField label="Your title" value={title} onChange={(event) => setTitle(event.target.value)} />
      </Box>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <div ref={signature} style={{ fontFamily: 'Arial, Helvetica, sans-serif', fontSize: 14, lineHeight: 1.4 }}>
          <strong>{name || 'Your name'}</strong>
          <br />
          {title || 'Your title'}
          <br />
          <span style={{ color: brandColors.primary, fontWeight: 700 }}>PA$$</span> · picks, odds and office pools ·{' '}
          <a href={site} style={{ color: brandColors.primary }}>
            {site.replace(/^https?:\/\//, '')}
          </a>
        </div>
      </Paper>
      <Button variant="contained" onClick={() => void copy()}>
        Copy signature
      </Button>
      {copied ? (
        <Typography role="status" sx={{ mt: 1 }} color="success.dark">
          Copied. Paste it into your mail client&apos;s signature settings.
        </Typography>
      ) : null}
    </Page>
  );
}
