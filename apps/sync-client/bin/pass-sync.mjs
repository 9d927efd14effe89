#!/usr/bin/env node
// The `pass-sync` command: the client is TypeScript, run through tsx like the project's other commands.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
