import * as Sentry from '@sentry/browser';
import { IGNORED } from './errors';

// The Sentry SDK, in its own chunk: errors.ts imports this file only when the operator set a
// DSN. Efir's own report already applied the ignore list and the sampling; the SDK's own
// automatic capture applies the same ignore list.

export function startSentry(dsn: string) {
  Sentry.init({
    dsn,
    release: 'efir-web@185',
    ignoreErrors: [...IGNORED],
    // The pages report through reportError; the SDK's global handlers would report twice.
    integrations: (defaults) => defaults.filter((i) => i.name !== 'GlobalHandlers'),
  });
  return Sentry;
}
