import Container, { type ContainerProps } from '@mui/material/Container';
import { useEffect, type ReactNode } from 'react';
import type { RouteName } from '../config/paths';

interface PageProps {
  /** The route name, carried as `data-page` so browser tests can tell screens apart. */
  name: RouteName | 'not-found' | 'loading-data';
  /** The document title; "PA$$" is appended. */
  title: string;
  maxWidth?: ContainerProps['maxWidth'];
  children: ReactNode;
}

/** The root element of every screen. */
export function Page({ name, title, maxWidth = 'md', children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · PA$$`;
  }, [title]);
  return (
    <Container component="main" id="main" data-page={name} maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
      {children}
    </Container>
  );
}
