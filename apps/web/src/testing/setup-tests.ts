import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Screens render MUI and charts in jsdom, which can take more than Testing Library's default second to
// settle on a loaded 2-core machine; a find still fails when what it looks for never appears.
configure({ asyncUtilTimeout: 5000 });
