// Generates src/shared/api/schema.d.ts from ../api/openapi.yaml (the server's contract).
// Until that file exists the hand-written src/shared/api/types.ts is the source of types.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const spec = fileURLToPath(new URL('../../api/openapi.yaml', import.meta.url));
const out = fileURLToPath(new URL('../src/shared/api/schema.d.ts', import.meta.url));

if (!existsSync(spec)) {
  console.log(`gen:api: ${spec} not found; keeping the hand-written src/shared/api/types.ts`);
  process.exit(0);
}
const run = spawnSync('npx', ['openapi-typescript', spec, '-o', out], { stdio: 'inherit' });
process.exit(run.status ?? 1);
