#!/usr/bin/env node
// The `switchboard` command (package.json "bin"). Our sources are TypeScript; tsx's loader
// (a dependency the service already runs on) compiles them as they load, so the command works
// from a checkout, through `npx switchboard` and after `npm install -g`, with no build step.
import { register } from 'tsx/esm/api';

register();
await import('./switchboard/main.ts');
