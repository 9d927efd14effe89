import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildPgliteTemplate } from '@pass/db/testing';
import type { TestProject } from 'vitest/node';

/** Migrates one PGlite database per run; every test file loads a copy of it (see createTestDb). */
export default async function setup(project: TestProject) {
  const directory = mkdtempSync(path.join(tmpdir(), 'pass-pglite-template-'));
  const templatePath = path.join(directory, 'template.tar');
  await buildPgliteTemplate(templatePath);
  process.env.PGLITE_TEMPLATE = templatePath;
  project.provide('pgliteTemplate', templatePath);
  return () => rmSync(directory, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
